/**
 * The classic script of the answering page (issue 37): fills its Listen slots
 * (app/client/speech-buttons.ts) with the labels the server wrote on this
 * script's tag, in the child's language. Built on its own by Vite
 * (`?worker&url` in components/student/read-aloud.tsx).
 */
import { startListenButtons } from "./speech-buttons";

const script = document.currentScript;
startListenButtons(document, {
  listen: (script && script.getAttribute("data-listen")) || "Listen",
  stop: (script && script.getAttribute("data-stop")) || "Stop",
});
