import { Button, Text } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import { FACE_SCALE_PROBLEM, readFaceScale } from "~/lib/face-scale";
import { hasText, type ResponseFacesBlock } from "~/lib/survey-content";
import { FaceDrawing } from "./face-drawing";
import { PreviewRecording } from "./recording";
import { useSurveyLabels } from "./survey-labels";
import { SurveyResponse } from "./survey-response";

/**
 * response-faces: the prompt and the faces as disabled buttons, each face drawn above its label
 * (docs/product.md#face-scales), each with its recording. A block that asks nothing says why, for the author.
 */
export function ResponseFaces({ blok }: { blok: ResponseFacesBlock }) {
  const faces = readFaceScale(blok);
  const t = useSurveyLabels();
  return (
    <SurveyResponse blok={blok}>
      {faces ? (
        <ol
          className="survey-faces"
          aria-label={hasText(blok.prompt) ? t("Options: {prompt}", { prompt: blok.prompt }) : t("Options")}
        >
          {faces.map((face) => (
            <li key={face.index} {...storyblokEditable(blok.faces?.[face.index] ?? blok)}>
              <Button
                type="button"
                variant="surface"
                size="3"
                aria-disabled="true"
                className="survey-face"
                aria-label={`${face.label}, ${t("{position, number} of {count, number}", { position: face.index + 1, count: faces.length })}`}
              >
                <FaceDrawing mood={face.face} size={56} />
                <span dir="auto" id={`survey-face-${blok._uid}-${face.index}`}>
                  {face.label}
                </span>
              </Button>
              <PreviewRecording
                recording={blok.faces?.[face.index]?.audio}
                label={t("Listen")}
                describedBy={`survey-face-${blok._uid}-${face.index}`}
              />
            </li>
          ))}
        </ol>
      ) : (
        <Text as="p" color="red" size="2">
          {t(FACE_SCALE_PROBLEM)}
        </Text>
      )}
    </SurveyResponse>
  );
}
