/**
 * A drawing answer. With JavaScript, the drawing pad (its own chunk, loaded
 * only on a survey with a drawing question). Without it, the block says
 * plainly that drawing needs JavaScript and that the other answers can still
 * be sent; a drawing sent before stays part of the answers (its id rides
 * along in the form).
 */
import { lazy, Suspense } from "react";
import { studentAssignmentPath } from "~/lib/student-paths";
import { useHydrated } from "~/lib/use-hydrated";

const DrawingPad = lazy(() => import("./drawing-pad").then((module) => ({ default: module.DrawingPad })));

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
  const hydrated = useHydrated();
  const withoutPad = (
    <>
      <p className="student-note" id={`${id}-note`}>
        {DRAWING_NEEDS_JAVASCRIPT}
        {drawingId ? " The drawing you sent before is kept." : null}
      </p>
      {drawingId ? <input type="hidden" name={name} value={drawingId} /> : null}
    </>
  );
  if (!hydrated) return withoutPad;
  const uploadUrl = `${studentAssignmentPath(assignmentId)}/drawings?${new URLSearchParams({ fieldUid })}`;
  return (
    <Suspense fallback={<p className="student-hint">Loading the drawing tools…</p>}>
      <DrawingPad uploadUrl={uploadUrl} name={name} id={id} drawingId={drawingId} />
    </Suspense>
  );
}
