import { Flex, Heading, Separator, Text } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import { hasText, headerAnchorIds, type SurveyBlock as SurveyBlockData, videoFrameTitles } from "~/lib/survey-content";
import { SurveyBlock } from "./survey-block";
import { useSurveyLabels } from "./survey-labels";

/** survey: title, description, content blocks, and the 'Response' section (id survey-responses). */
export function SurveyPreview({ blok }: { blok: SurveyBlockData }) {
  const t = useSurveyLabels();
  const videoTitles = videoFrameTitles(blok.content ?? [], t);
  const anchorIds = headerAnchorIds(blok.content ?? []);
  return (
    <article className="survey-preview" aria-labelledby="survey-title" {...storyblokEditable(blok)}>
      <Flex direction="column" gap="5">
        <header>
          <Heading as="h1" size={{ initial: "7", sm: "8" }} id="survey-title" dir="auto">
            {hasText(blok.title) ? blok.title : t("Untitled survey")}
          </Heading>
          {hasText(blok.description) ? (
            <Text as="p" size="4" color="gray" mt="2" dir="auto">
              {blok.description}
            </Text>
          ) : null}
        </header>
        {(blok.content ?? []).map((child) => (
          <SurveyBlock
            key={child._uid}
            blok={child}
            videoTitle={videoTitles.get(child._uid)}
            anchorId={anchorIds.get(child._uid)}
          />
        ))}
        <Separator size="4" />
        <section id="survey-responses" aria-labelledby="survey-responses-heading">
          <Flex direction="column" gap="6">
            <Heading as="h2" size="6" id="survey-responses-heading">
              {t("Response")}
            </Heading>
            {(blok.response ?? []).map((child) => (
              <SurveyBlock key={child._uid} blok={child} />
            ))}
          </Flex>
        </section>
      </Flex>
    </article>
  );
}
