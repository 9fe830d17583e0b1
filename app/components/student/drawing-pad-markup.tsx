/**
 * The drawing pad's markup (ADR 171), rendered by the server and hidden: the
 * plain pad code (app/client/pad.ts) shows it and wires it where the browser
 * can draw. Its hidden field is disabled until then, so that without
 * JavaScript only the note's copy of an earlier drawing is sent.
 *
 * The tools are the preview's: 12 colours (default black), 4 brush sizes
 * (default 8), an eraser, undo and clear, on a 600×400 canvas.
 */
import { useTranslation } from "react-i18next";
import { DEFAULT_DRAWING_BRUSH_SIZE, DRAWING_BRUSH_SIZES, DRAWING_CANVAS, DRAWING_PALETTE } from "~/lib/survey-content";

export interface DrawingPadMarkupProps {
  /** Where the drawing is uploaded (the page's drawing upload, with its field). */
  uploadUrl: string;
  /** The form field that carries the uploaded drawing's id. */
  name: string;
  /** The canvas's id (the answer's field id); the pad is `${id}-pad`, the note `${id}-pad-without`. */
  id: string;
  drawingId: string;
}

export function DrawingPadMarkup({ uploadUrl, name, id, drawingId }: DrawingPadMarkupProps) {
  const { t } = useTranslation("student");
  return (
    <div className="student-drawing" id={`${id}-pad`} data-drawing-pad="" data-upload-url={uploadUrl} hidden>
      <div className="student-drawing-tools" role="toolbar" aria-label={t("Drawing tools")}>
        <fieldset className="student-drawing-group">
          <legend className="visually-hidden">{t("Edit")}</legend>
          <button type="button" className="student-tool" data-tool="undo" disabled>
            {t("Undo")}
          </button>
          <button type="button" className="student-tool" data-tool="clear">
            {t("Clear")}
          </button>
          <button type="button" className="student-tool" data-tool="eraser" aria-pressed="false">
            {t("Eraser")}
          </button>
        </fieldset>
        <fieldset className="student-drawing-group">
          <legend className="visually-hidden">{t("Brush size")}</legend>
          {DRAWING_BRUSH_SIZES.map((brush) => (
            <button
              key={brush}
              type="button"
              className="student-tool"
              data-size={brush}
              aria-pressed={brush === DEFAULT_DRAWING_BRUSH_SIZE}
              aria-label={t("Brush size {size, number}", { size: brush })}
            >
              <span className="student-brush-dot" style={{ width: Math.min(brush, 28), height: Math.min(brush, 28) }} />
            </button>
          ))}
        </fieldset>
        <fieldset className="student-drawing-group">
          <legend className="visually-hidden">{t("Colour")}</legend>
          {DRAWING_PALETTE.map((swatch, index) => (
            <button
              key={swatch.value}
              type="button"
              className="student-swatch"
              data-colour={swatch.value}
              aria-pressed={index === 0}
              aria-label={t(swatch.name)}
              title={t(swatch.name)}
              style={{ backgroundColor: swatch.value }}
            />
          ))}
        </fieldset>
      </div>
      <canvas
        id={id}
        className="student-canvas"
        role="img"
        width={DRAWING_CANVAS.width}
        height={DRAWING_CANVAS.height}
        aria-label={t("Drawing area: draw with your finger, a pen or the mouse")}
      />
      <input type="hidden" name={name} defaultValue={drawingId} disabled />
      {drawingId ? (
        <p className="student-hint">{t("The drawing you sent before is kept unless you draw a new one.")}</p>
      ) : null}
      <p className="student-hint" role="status" />
    </div>
  );
}
