/**
 * The Listen buttons of the answering page (issue 37, docs/product.md#recordings), in plain DOM code.
 * The server renders no button: only an empty slot (`data-read-aloud`: the id of the text to read)
 * where a question or option has no recording. This code fills each slot with a button only where the
 * device has a voice of its own for the text's language (`localService`, app/lib/read-aloud.ts), and
 * again when the browser's voices change (`voiceschanged`: Chromium lists them late). The button reads
 * the text sentence by sentence; pressed again, or when another button starts, it stops. Nothing is read
 * until a child presses a button.
 *
 * Loaded as a classic script of its own on the answering page (app/client/listen.ts), and as a chunk
 * where React renders that page. Written for old engines: no optional chaining or `??`.
 */
import { chooseLocalVoice, READ_ALOUD_ATTRIBUTE, splitSentences } from "../lib/read-aloud";

export interface ListenLabels {
  listen: string;
  stop: string;
}

const STARTED = "data-listen-started";
const SPEAKER_ICON =
  '<svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

/** The language of the text: its own `lang`, or its nearest ancestor's (the page's). */
function languageOf(element: Element): string {
  const withLang = element.closest("[lang]");
  return withLang ? withLang.getAttribute("lang") || "" : "";
}

/** The one reading under way on the page: its button's stop. */
let stopCurrent: (() => void) | null = null;

function makeButton(text: Element, labels: ListenLabels, synth: SpeechSynthesis, voice: SpeechSynthesisVoice) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "student-listen";
  if (text.id) button.setAttribute("aria-describedby", text.id);
  const label = document.createElement("span");
  button.innerHTML = SPEAKER_ICON;
  button.appendChild(label);
  let reading = 0;
  const show = (speaking: boolean) => {
    label.textContent = speaking ? labels.stop : labels.listen;
    button.setAttribute("data-speaking", speaking ? "true" : "false");
  };
  const stop = () => {
    reading += 1;
    show(false);
    if (stopCurrent === stop) stopCurrent = null;
  };
  show(false);
  button.addEventListener("click", () => {
    if (stopCurrent === stop) {
      stop();
      synth.cancel();
      return;
    }
    if (stopCurrent) stopCurrent();
    synth.cancel();
    const sentences = splitSentences(text.textContent || "", voice.lang);
    if (sentences.length === 0) return;
    const run = ++reading;
    const done = () => {
      if (run === reading) stop();
    };
    stopCurrent = stop;
    show(true);
    sentences.forEach((sentence, index) => {
      const utterance = new SpeechSynthesisUtterance(sentence);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.onerror = done;
      if (index === sentences.length - 1) utterance.onend = done;
      synth.speak(utterance);
    });
  });
  return button;
}

/** Fills the Listen slots under `root` where the device has a voice for the text's language. */
export function startListenButtons(root: ParentNode, labels: ListenLabels) {
  if (typeof window === "undefined" || !("speechSynthesis" in window) || typeof SpeechSynthesisUtterance !== "function")
    return;
  const synth = window.speechSynthesis;
  const fill = () => {
    const voices = synth.getVoices() || [];
    const slots = Array.prototype.slice.call(root.querySelectorAll(`[${READ_ALOUD_ATTRIBUTE}]`)) as HTMLElement[];
    for (const slot of slots) {
      if (slot.hasAttribute(STARTED)) continue;
      const text = document.getElementById(slot.getAttribute(READ_ALOUD_ATTRIBUTE) || "");
      if (!text) continue;
      const voice = chooseLocalVoice(voices, languageOf(text));
      if (!voice) continue;
      slot.setAttribute(STARTED, "");
      slot.appendChild(makeButton(text, labels, synth, voice));
    }
  };
  fill();
  if (typeof synth.addEventListener === "function") synth.addEventListener("voiceschanged", fill);
  // Leaving the page stops what is being read (some browsers go on reading over the next page).
  window.addEventListener("pagehide", () => {
    if (stopCurrent) {
      stopCurrent();
      synth.cancel();
    }
  });
}
