import { Flex, Heading } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import type { ReactNode } from "react";
import { hasText, type ResponseBlock } from "~/lib/survey-content";

/** A response block of the preview: editable in Storyblok's visual editor, its prompt (if any) as a heading, then its body. */
export function SurveyResponse({ blok, children }: { blok: ResponseBlock; children: ReactNode }) {
  return (
    <Flex direction="column" gap="3" className="survey-response" {...storyblokEditable(blok)}>
      {hasText(blok.prompt) ? (
        <Heading as="h3" size="4" dir="auto">
          {blok.prompt}
        </Heading>
      ) : null}
      {children}
    </Flex>
  );
}
