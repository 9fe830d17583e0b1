import { Flex, Heading, Text } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import {
  DEFAULT_DRAWING_BRUSH_SIZE,
  DRAWING_BRUSH_SIZES,
  DRAWING_CANVAS,
  DRAWING_PALETTE,
  hasText,
  type ResponseArtBlock,
} from "~/lib/survey-content";
import { useSurveyLabels } from "./survey-labels";

/**
 * response-art: a disabled preview of the drawing tools and a 600x400
 * canvas placeholder (the SPEC's preview; students draw on the answering page).
 */
export function ResponseArt({ blok }: { blok: ResponseArtBlock }) {
  const [defaultColour] = DRAWING_PALETTE;
  const t = useSurveyLabels();
  return (
    <Flex direction="column" gap="3" className="survey-response" {...storyblokEditable(blok)}>
      {hasText(blok.prompt) ? (
        <Heading as="h3" size="4" dir="auto">
          {blok.prompt}
        </Heading>
      ) : null}
      <div role="toolbar" aria-label={t("Drawing tools (preview, disabled)")} className="survey-art-toolbar">
        <fieldset disabled className="survey-art-group">
          <legend className="visually-hidden">{t("Edit")}</legend>
          <button type="button" disabled className="survey-art-tool">
            {t("Undo")}
          </button>
          <button type="button" disabled className="survey-art-tool">
            {t("Redo")}
          </button>
          <button type="button" disabled className="survey-art-tool">
            {t("Clear")}
          </button>
        </fieldset>
        <fieldset disabled className="survey-art-group">
          <legend className="visually-hidden">{t("Brush size")}</legend>
          {DRAWING_BRUSH_SIZES.map((size) => (
            <button
              key={size}
              type="button"
              disabled
              aria-pressed={size === DEFAULT_DRAWING_BRUSH_SIZE}
              aria-label={t("Brush size {size, number}", { size })}
              title={t("Brush size {size, number}", { size })}
              className="survey-art-brush"
            >
              <span
                className="survey-art-brush-dot"
                style={{ width: Math.min(size, 24), height: Math.min(size, 24) }}
              />
              <span className="survey-art-brush-label">{size}</span>
            </button>
          ))}
        </fieldset>
        <fieldset disabled className="survey-art-group survey-art-palette">
          <legend className="visually-hidden">{t("Colour")}</legend>
          {DRAWING_PALETTE.map((colour) => (
            <button
              key={colour.value}
              type="button"
              disabled
              aria-pressed={colour === defaultColour}
              aria-label={t(colour.name)}
              title={t(colour.name)}
              className="survey-art-swatch"
              style={{ backgroundColor: colour.value }}
            />
          ))}
        </fieldset>
      </div>
      <div
        className="survey-art-canvas"
        data-width={DRAWING_CANVAS.width}
        data-height={DRAWING_CANVAS.height}
        style={{ maxWidth: DRAWING_CANVAS.width, aspectRatio: `${DRAWING_CANVAS.width} / ${DRAWING_CANVAS.height}` }}
      >
        <Text size="3" weight="medium" color="gray" align="center">
          {t("Drawing will be enabled in the Orliverse app!")}
        </Text>
      </div>
    </Flex>
  );
}
