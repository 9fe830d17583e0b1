import { Heading } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import { hasText, headerAnchorId, type SurveyHeaderBlock } from "~/lib/survey-content";

/**
 * survey-header: a section heading with a linkable anchor id; `anchorId` is the page's unique one
 * (headerAnchorIds over the page's blocks), else the text's own.
 */
export function SurveyHeader({ blok, anchorId }: { blok: SurveyHeaderBlock; anchorId?: string }) {
  if (!hasText(blok.content)) return null;
  return (
    <Heading
      as="h2"
      size="6"
      dir="auto"
      id={anchorId ?? headerAnchorId(blok.content)}
      className="survey-anchor"
      {...storyblokEditable(blok)}
    >
      {blok.content}
    </Heading>
  );
}
