/**
 * The classic script of the answering page of a survey with a drawing
 * question (ADR 171): starts the page's drawing pads (app/client/pad.ts).
 * Built on its own by Vite (`?worker&url` in components/student/drawing-answer.tsx).
 */
import { startDrawingPads } from "./pad";

startDrawingPads(document);
