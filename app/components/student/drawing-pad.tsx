/**
 * The drawing pad of a drawing answer (loaded in its own chunk, only on a
 * survey with a drawing question, and only with JavaScript): a canvas of
 * DRAWING_CANVAS's size that scales to the screen, drawn on with a finger,
 * a pen or a mouse (pointer events), with the preview's 12 colours and 4
 * brush sizes (default black and 8), an eraser, undo and clear.
 *
 * The drawing is sent as a PNG when the form goes: the pad holds the form's
 * submit back, uploads the drawing (the same upload the student API has),
 * puts the drawing's id in the form's hidden field, and sends the form on.
 */
import { useEffect, useRef, useState } from "react";
import { DEFAULT_DRAWING_BRUSH_SIZE, DRAWING_BRUSH_SIZES, DRAWING_CANVAS, DRAWING_PALETTE } from "~/lib/survey-content";

export interface DrawingPadProps {
  uploadUrl: string;
  name: string;
  id: string;
  drawingId: string;
}

const BACKGROUND = "#ffffff";
const UNDO_STEPS = 20;

export function DrawingPad({ uploadUrl, name, id, drawingId }: DrawingPadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [colour, setColour] = useState<string>(DRAWING_PALETTE[0].value);
  const [size, setSize] = useState<number>(DEFAULT_DRAWING_BRUSH_SIZE);
  const [erasing, setErasing] = useState(false);
  const [status, setStatus] = useState<string>("");
  const [canUndo, setCanUndo] = useState(false);
  const undo = useRef<ImageData[]>([]);
  const dirty = useRef(false);
  const drawing = useRef<{ x: number; y: number } | null>(null);
  const tool = useRef({ colour, size, erasing });
  tool.current = { colour, size, erasing };

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    context.fillStyle = BACKGROUND;
    context.fillRect(0, 0, canvas.width, canvas.height);
  }, []);

  // The form waits for the drawing to be uploaded, then goes on.
  useEffect(() => {
    const form = canvasRef.current?.closest("form");
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const submitter = event.submitter;
      setStatus("Sending your drawing…");
      canvasRef.current?.toBlob(async (blob) => {
        try {
          if (!blob) throw new Error("no image");
          const response = await fetch(uploadUrl, {
            method: "POST",
            headers: { "Content-Type": "image/png" },
            body: blob,
            credentials: "same-origin",
          });
          const body = (await response.json()) as { drawing?: { id: string }; message?: string };
          if (!response.ok || !body.drawing) throw new Error(body.message ?? "The drawing could not be sent.");
          if (inputRef.current) inputRef.current.value = body.drawing.id;
          dirty.current = false;
          setStatus("Your drawing is sent with your answers.");
          form.requestSubmit(submitter instanceof HTMLElement ? submitter : undefined);
        } catch (error) {
          setStatus(`${error instanceof Error ? error.message : "The drawing could not be sent."} Try again.`);
        }
      }, "image/png");
    };
    form.addEventListener("submit", onSubmit, { capture: true });
    return () => form.removeEventListener("submit", onSubmit, { capture: true });
  }, [uploadUrl]);

  function point(event: React.PointerEvent<HTMLCanvasElement>) {
    const canvas = event.currentTarget;
    const box = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * canvas.width,
      y: ((event.clientY - box.top) / box.height) * canvas.height,
    };
  }

  function stroke(from: { x: number; y: number }, to: { x: number; y: number }) {
    const context = canvasRef.current?.getContext("2d");
    if (!context) return;
    context.strokeStyle = tool.current.erasing ? BACKGROUND : tool.current.colour;
    context.lineWidth = tool.current.size;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
  }

  function remember() {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    undo.current.push(context.getImageData(0, 0, canvas.width, canvas.height));
    if (undo.current.length > UNDO_STEPS) undo.current.shift();
    setCanUndo(true);
  }

  function onPointerDown(event: React.PointerEvent<HTMLCanvasElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    remember();
    const at = point(event);
    drawing.current = at;
    stroke(at, at);
    dirty.current = true;
    setStatus("");
  }

  function onPointerMove(event: React.PointerEvent<HTMLCanvasElement>) {
    if (!drawing.current) return;
    const at = point(event);
    stroke(drawing.current, at);
    drawing.current = at;
  }

  function onPointerUp() {
    drawing.current = null;
  }

  function onUndo() {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    const previous = undo.current.pop();
    if (!context || !previous) return;
    context.putImageData(previous, 0, 0);
    dirty.current = true;
    setCanUndo(undo.current.length > 0);
  }

  function onClear() {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    remember();
    context.fillStyle = BACKGROUND;
    context.fillRect(0, 0, canvas.width, canvas.height);
    dirty.current = true;
  }

  return (
    <div className="student-drawing">
      <div className="student-drawing-tools" role="toolbar" aria-label="Drawing tools">
        <fieldset className="student-drawing-group">
          <legend className="visually-hidden">Edit</legend>
          <button type="button" className="student-tool" onClick={onUndo} disabled={!canUndo}>
            Undo
          </button>
          <button type="button" className="student-tool" onClick={onClear}>
            Clear
          </button>
          <button type="button" className="student-tool" aria-pressed={erasing} onClick={() => setErasing(!erasing)}>
            Eraser
          </button>
        </fieldset>
        <fieldset className="student-drawing-group">
          <legend className="visually-hidden">Brush size</legend>
          {DRAWING_BRUSH_SIZES.map((brush) => (
            <button
              key={brush}
              type="button"
              className="student-tool"
              aria-pressed={size === brush}
              aria-label={`Brush size ${brush}`}
              onClick={() => setSize(brush)}
            >
              <span className="student-brush-dot" style={{ width: Math.min(brush, 28), height: Math.min(brush, 28) }} />
            </button>
          ))}
        </fieldset>
        <fieldset className="student-drawing-group">
          <legend className="visually-hidden">Colour</legend>
          {DRAWING_PALETTE.map((swatch) => (
            <button
              key={swatch.value}
              type="button"
              className="student-swatch"
              aria-pressed={!erasing && colour === swatch.value}
              aria-label={swatch.name}
              title={swatch.name}
              style={{ backgroundColor: swatch.value }}
              onClick={() => {
                setColour(swatch.value);
                setErasing(false);
              }}
            />
          ))}
        </fieldset>
      </div>
      <canvas
        ref={canvasRef}
        id={id}
        className="student-canvas"
        role="img"
        width={DRAWING_CANVAS.width}
        height={DRAWING_CANVAS.height}
        aria-label="Drawing area: draw with your finger, a pen or the mouse"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
      <input ref={inputRef} type="hidden" name={name} defaultValue={drawingId} />
      {drawingId ? (
        <p className="student-hint">The drawing you sent before is kept unless you draw a new one.</p>
      ) : null}
      <p className="student-hint" role="status">
        {status}
      </p>
    </div>
  );
}
