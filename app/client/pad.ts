/**
 * The drawing pad of a drawing answer, in plain DOM code (ADR 171): the
 * server renders the pad's markup (components/student/drawing-pad-markup.tsx)
 * hidden beside the "Drawing needs JavaScript" note; this code shows it
 * where the browser can draw (pointer events and canvas.toBlob), wires the
 * tools and the canvas, and sends the drawing when the form goes.
 *
 * - Tools: the 12 colours (`data-colour`), the 4 brush sizes (`data-size`),
 *   the eraser, undo (20 steps) and clear (`data-tool`), each with
 *   `aria-pressed` as it changes; the toolbar is one Tab stop, with the
 *   arrow keys, Home and End inside (ADR 221).
 * - The canvas keeps its 600×400 drawing size and scales to the screen;
 *   finger, pen or mouse draw through pointer events.
 * - When the form is sent with a new drawing, the form waits: the drawing
 *   goes up as a PNG (the student API's upload, same cookie), its id goes
 *   into the form's hidden field, and the form is sent on. A failed upload
 *   says why and keeps everything.
 *
 * Loaded as a classic script of its own on the answering page of a survey
 * with a drawing question (app/client/drawing-pad.ts), and as a chunk where
 * React renders that page. Written for old engines: no optional chaining or `??`.
 */

const BACKGROUND = "#ffffff";
const UNDO_STEPS = 20;
const STARTED = "data-started";

interface Point {
  x: number;
  y: number;
}

/** Starts every drawing pad under `root` that is not started yet. */
export function startDrawingPads(root: ParentNode = document) {
  const pads = root.querySelectorAll<HTMLElement>("[data-drawing-pad]");
  for (let index = 0; index < pads.length; index += 1) startDrawingPad(pads[index]);
}

function canDraw(canvas: HTMLCanvasElement): boolean {
  return typeof window.PointerEvent === "function" && typeof canvas.toBlob === "function" && !!canvas.getContext;
}

/** The day's drawing quotas are full (ADR 201): the message says so, and trying again will not help. */
const QUOTA_FULL = "QuotaFull";

function buttons(pad: HTMLElement, selector: string): HTMLButtonElement[] {
  return Array.prototype.slice.call(pad.querySelectorAll(selector));
}

function startDrawingPad(pad: HTMLElement) {
  if (pad.hasAttribute(STARTED)) return;
  const canvas = pad.querySelector("canvas");
  const input = pad.querySelector<HTMLInputElement>("input[type=hidden]");
  const status = pad.querySelector<HTMLElement>("[role=status]");
  const form = pad.closest("form");
  const uploadUrl = pad.getAttribute("data-upload-url");
  if (!canvas || !input || !status || !form || !uploadUrl || !canDraw(canvas)) return;
  const context = canvas.getContext("2d");
  if (!context) return;
  pad.setAttribute(STARTED, "");

  // The pad takes the place of the note (and of the note's copy of the drawing sent before).
  const note = pad.id ? document.getElementById(`${pad.id}-without`) : null;
  if (note) note.remove();
  input.disabled = false;
  pad.hidden = false;

  const initialColour = pad.querySelector("[data-colour][aria-pressed=true]");
  const initialSize = pad.querySelector("[data-size][aria-pressed=true]");
  const tool = {
    colour: initialColour ? initialColour.getAttribute("data-colour") || "#000000" : "#000000",
    size: initialSize ? Number(initialSize.getAttribute("data-size")) : 8,
    erasing: false,
  };
  const undo: ImageData[] = [];
  let dirty = false;
  let last: Point | null = null;
  const undoButton = pad.querySelector<HTMLButtonElement>("[data-tool=undo]");
  const eraserButton = pad.querySelector<HTMLButtonElement>("[data-tool=eraser]");

  context.fillStyle = BACKGROUND;
  context.fillRect(0, 0, canvas.width, canvas.height);

  // The toolbar is one Tab stop (WAI-ARIA toolbar pattern, ADR 221): the arrow keys move between
  // its buttons, Home and End go to the first and last; the button last used keeps the stop.
  const toolbar = pad.querySelector<HTMLElement>("[role=toolbar]");
  let roving: HTMLButtonElement | null = null;

  function toolbarButtons(): HTMLButtonElement[] {
    return toolbar ? buttons(toolbar, "button").filter((button) => !button.disabled) : [];
  }

  function rove(to: HTMLButtonElement) {
    roving = to;
    if (!toolbar) return;
    for (const button of buttons(toolbar, "button")) button.tabIndex = button === to ? 0 : -1;
  }

  if (toolbar) {
    toolbar.addEventListener("keydown", (event) => {
      const all = toolbarButtons();
      const at = all.indexOf(event.target as HTMLButtonElement);
      if (at < 0) return;
      let next = -1;
      if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (at + 1) % all.length;
      else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (at - 1 + all.length) % all.length;
      else if (event.key === "Home") next = 0;
      else if (event.key === "End") next = all.length - 1;
      if (next < 0) return;
      event.preventDefault();
      rove(all[next]);
      all[next].focus();
    });
    toolbar.addEventListener("focusin", (event) => {
      const target = event.target;
      if (target instanceof HTMLButtonElement && !target.disabled) rove(target);
    });
  }

  function showPressed() {
    for (const button of buttons(pad, "[data-colour]")) {
      button.setAttribute("aria-pressed", String(!tool.erasing && button.getAttribute("data-colour") === tool.colour));
    }
    for (const button of buttons(pad, "[data-size]")) {
      button.setAttribute("aria-pressed", String(Number(button.getAttribute("data-size")) === tool.size));
    }
    if (eraserButton) eraserButton.setAttribute("aria-pressed", String(tool.erasing));
    const undoHadFocus = !!undoButton && document.activeElement === undoButton;
    if (undoButton) undoButton.disabled = undo.length === 0;
    // A button that was the toolbar's stop and is now disabled (Undo) hands the stop, and the focus, on.
    if (!roving || roving.disabled) {
      const first = toolbarButtons()[0];
      if (first) rove(first);
      if (first && undoHadFocus) first.focus();
    }
  }

  function say(text: string) {
    if (status) status.textContent = text;
  }

  function remember() {
    if (!context || !canvas) return;
    undo.push(context.getImageData(0, 0, canvas.width, canvas.height));
    if (undo.length > UNDO_STEPS) undo.shift();
    showPressed();
  }

  function point(event: PointerEvent): Point {
    const box = (canvas as HTMLCanvasElement).getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * (canvas as HTMLCanvasElement).width,
      y: ((event.clientY - box.top) / box.height) * (canvas as HTMLCanvasElement).height,
    };
  }

  function stroke(from: Point, to: Point) {
    if (!context) return;
    context.strokeStyle = tool.erasing ? BACKGROUND : tool.colour;
    context.lineWidth = tool.size;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
  }

  pad.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("button") : null;
    if (!target || !pad.contains(target)) return;
    const colour = target.getAttribute("data-colour");
    const size = target.getAttribute("data-size");
    const action = target.getAttribute("data-tool");
    if (colour) {
      tool.colour = colour;
      tool.erasing = false;
    } else if (size) {
      tool.size = Number(size);
    } else if (action === "eraser") {
      tool.erasing = !tool.erasing;
    } else if (action === "undo") {
      const previous = undo.pop();
      if (previous) {
        context.putImageData(previous, 0, 0);
        dirty = true;
      }
    } else if (action === "clear") {
      remember();
      context.fillStyle = BACKGROUND;
      context.fillRect(0, 0, canvas.width, canvas.height);
      dirty = true;
    }
    showPressed();
  });

  canvas.addEventListener("pointerdown", (event) => {
    canvas.setPointerCapture(event.pointerId);
    remember();
    const at = point(event);
    last = at;
    stroke(at, at);
    dirty = true;
    say("");
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!last) return;
    const at = point(event);
    stroke(last, at);
    last = at;
  });
  const stop = () => {
    last = null;
  };
  canvas.addEventListener("pointerup", stop);
  canvas.addEventListener("pointercancel", stop);

  // The form waits for the drawing to be uploaded, then goes on.
  form.addEventListener(
    "submit",
    (event) => {
      if (!dirty) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const submitter = (event as SubmitEvent).submitter;
      say("Sending your drawing…");
      canvas.toBlob((blob) => {
        upload(blob).then(
          (id) => {
            input.value = id;
            dirty = false;
            say("Your drawing is sent with your answers.");
            if (typeof form.requestSubmit === "function") {
              form.requestSubmit(submitter instanceof HTMLElement ? submitter : undefined);
            } else {
              form.submit();
            }
          },
          (error: unknown) => {
            if (error instanceof Error && error.name === QUOTA_FULL) {
              // Trying again would be refused again today: the next press sends the other answers without it.
              dirty = false;
              say(error.message);
              return;
            }
            say(`${error instanceof Error ? error.message : "The drawing could not be sent."} Try again.`);
          },
        );
      }, "image/png");
    },
    { capture: true },
  );

  async function upload(blob: Blob | null): Promise<string> {
    if (!blob) throw new Error("The drawing could not be sent.");
    const response = await fetch(uploadUrl as string, {
      method: "POST",
      headers: { "Content-Type": "image/png" },
      body: blob,
      credentials: "same-origin",
    });
    const body = (await response.json()) as { drawing?: { id: string }; code?: string; message?: string };
    if (body.code === "QUOTA_EXCEEDED" && body.message) {
      const full = new Error(body.message);
      full.name = QUOTA_FULL;
      throw full;
    }
    if (!response.ok || !body.drawing) throw new Error(body.message || "The drawing could not be sent.");
    return body.drawing.id;
  }

  showPressed();
}
