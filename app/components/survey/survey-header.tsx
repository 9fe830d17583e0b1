import { Heading } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import { hasText, headerAnchorId, type SurveyHeaderBlock } from "~/lib/survey-content";

/** survey-header: a section heading with a linkable anchor id. */
export function SurveyHeader({ blok }: { blok: SurveyHeaderBlock }) {
  if (!hasText(blok.content)) return null;
  return (
    <Heading as="h2" size="6" id={headerAnchorId(blok.content)} className="survey-anchor" {...storyblokEditable(blok)}>
      {blok.content}
    </Heading>
  );
}
