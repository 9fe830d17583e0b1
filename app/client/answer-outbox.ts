/**
 * The classic script of the answering page (issue #37): starts the page's
 * outbox (app/client/outbox.ts). Built on its own by Vite (`?worker&url` in
 * components/student/answer-outbox.tsx).
 */
import { startAnswerOutbox } from "./outbox";

startAnswerOutbox(document);
