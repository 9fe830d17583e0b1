import { Button } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import { hasText, type ResponseOptionsBlock } from "~/lib/survey-content";
import { PreviewRecording } from "./recording";
import { useSurveyLabels } from "./survey-labels";
import { SurveyResponse } from "./survey-response";

/** response-options: a prompt and numbered option buttons, each with its recording; options with no content are skipped. */
export function ResponseOptions({ blok }: { blok: ResponseOptionsBlock }) {
  const options = (blok.response_options ?? []).filter((item) => hasText(item.content));
  const t = useSurveyLabels();
  return (
    <SurveyResponse blok={blok}>
      <ol
        className="survey-options"
        aria-label={hasText(blok.prompt) ? t("Options: {prompt}", { prompt: blok.prompt }) : t("Options")}
      >
        {options.map((item, index) => (
          <li key={item._uid} {...storyblokEditable(item)}>
            <Button type="button" variant="surface" size="3" aria-disabled="true" className="survey-option">
              {/* the number reads with the option's own text: "1. Calm", not "Calm .1", in a page of the other direction */}
              <span dir="auto" id={`survey-option-${item._uid}`}>
                <span className="survey-number">{`${index + 1}.`}</span> {item.content}
              </span>
            </Button>
            <PreviewRecording recording={item.audio} label={t("Listen")} describedBy={`survey-option-${item._uid}`} />
          </li>
        ))}
      </ol>
    </SurveyResponse>
  );
}
