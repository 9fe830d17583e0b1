/**
 * A drawing answer. Without JavaScript the block says plainly that drawing
 * needs JavaScript and that the other answers can still be sent; a drawing
 * sent before stays part of the answers (its id rides along in the form).
 */
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

export function DrawingAnswer({ name, id, drawingId }: DrawingAnswerProps) {
  return (
    <>
      <p className="student-note" id={`${id}-note`}>
        {DRAWING_NEEDS_JAVASCRIPT}
        {drawingId ? " The drawing you sent before is kept." : null}
      </p>
      {drawingId ? <input type="hidden" name={name} value={drawingId} /> : null}
    </>
  );
}
