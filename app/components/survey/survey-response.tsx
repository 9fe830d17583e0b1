import { Flex, Heading } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import type { ReactNode } from "react";
import { hasText, type ResponseBlock } from "~/lib/survey-content";
import { PreviewRecording } from "./recording";
import { useSurveyLabels } from "./survey-labels";

/**
 * A response block of the preview: editable in Storyblok's visual editor, its prompt (if any) as a
 * heading with its recording (issue 37), then its body.
 */
export function SurveyResponse({ blok, children }: { blok: ResponseBlock; children: ReactNode }) {
  const t = useSurveyLabels();
  const promptId = `survey-prompt-${blok._uid}`;
  return (
    <Flex direction="column" gap="3" className="survey-response" {...storyblokEditable(blok)}>
      {hasText(blok.prompt) ? (
        <>
          <Heading as="h3" size="4" dir="auto" id={promptId}>
            {blok.prompt}
          </Heading>
          {"prompt_audio" in blok ? (
            <PreviewRecording recording={blok.prompt_audio} label={t("Listen")} describedBy={promptId} />
          ) : null}
        </>
      ) : null}
      {children}
    </Flex>
  );
}
