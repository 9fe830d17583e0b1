/**
 * The words the survey preview's blocks put around a survey's content (the
 * "Response" heading, the free-text placeholder, the drawing tools' names,
 * "Drawing will be enabled in the Orliverse app!"), in the language of the
 * content shown (ADR 229): the teacher's preview may show a survey's German
 * or Arabic version on a page that is in English (ADR 240).
 *
 * The page's loader sends these few messages of the content's language
 * (`surveyLabelsFor`, compiled on the server like the page's own), and the
 * preview is wrapped in `<SurveyLabelsProvider labels={…}>`. A block reads
 * them with `useSurveyLabels()`; without a provider it uses the page's own
 * `student` messages (the answering page, where content and page share the
 * language). The English texts are the specification's, word for word.
 */
import { FACE_SCALE_PROBLEM } from "~/lib/face-scale";
import { DRAWING_PALETTE } from "~/lib/survey-content";
import type { Translations } from "./compiled";

/** Every key the preview's blocks say (`student` catalogue). */
export const SURVEY_LABEL_KEYS = [
  "Response",
  "Untitled survey",
  "[Student will type their answer here]",
  "Drawing will be enabled in the Orliverse app!",
  "Drawing tools (preview, disabled)",
  "Edit",
  "Undo",
  "Redo",
  "Clear",
  "Brush size",
  "Brush size {size, number}",
  "Colour",
  ...DRAWING_PALETTE.map((colour) => colour.name),
  "Options",
  "Options: {prompt}",
  "{position, number} of {count, number}",
  FACE_SCALE_PROBLEM,
  "Survey video",
  "Video: {header}",
  "Video {n, number}",
  "Image",
  "Video not showing?",
  "Watch it on YouTube",
  "Open the image on its own",
  "Listen",
] as const;

/** The content language's messages of SURVEY_LABEL_KEYS, compiled (the page's own messages' shape). */
export type SurveyLabels = Translations;
