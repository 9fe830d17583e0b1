/**
 * A drawing answer (ADR 171). The server renders a plain note that drawing
 * needs JavaScript (the other answers can still be sent; a drawing sent
 * before stays part of the answers, its id riding along in the form), and
 * the drawing pad's markup, hidden. The pad's own small script
 * (app/client/drawing-pad.ts, which the answering page loads only when it has
 * a drawing question) swaps the note for the pad where the browser can draw;
 * where React renders the page instead (a client-side navigation), the same
 * code comes as a chunk.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { studentAssignmentPath } from "~/lib/student-paths";
import { DrawingPadMarkup } from "./drawing-pad-markup";

export interface DrawingAnswerProps {
  assignmentId: number;
  fieldUid: string;
  /** The form field that carries the uploaded drawing's id. */
  name: string;
  id: string;
  /** The drawing sent before, if any. */
  drawingId: string;
}

export const DRAWING_NEEDS_JAVASCRIPT =
  "Drawing needs JavaScript, and it is turned off in this browser. You can still send your other answers.";

export function DrawingAnswer({ assignmentId, fieldUid, name, id, drawingId }: DrawingAnswerProps) {
  const { t } = useTranslation("student");
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = container.current;
    if (root) void import("~/client/pad").then((pad) => pad.startDrawingPads(root));
  }, []);
  const uploadUrl = `${studentAssignmentPath(assignmentId)}/drawings?${new URLSearchParams({ fieldUid })}`;
  return (
    <div ref={container}>
      <div id={`${id}-pad-without`}>
        <p className="student-note" id={`${id}-note`}>
          {t(DRAWING_NEEDS_JAVASCRIPT)}
          {drawingId ? ` ${t("The drawing you sent before is kept.")}` : null}
        </p>
        {drawingId ? <input type="hidden" name={name} value={drawingId} /> : null}
      </div>
      <DrawingPadMarkup uploadUrl={uploadUrl} name={name} id={id} drawingId={drawingId} />
    </div>
  );
}
