/**
 * Storyblok-format survey content (docs/product.md#preview-blocks) and the answer fields a survey
 * asks for. Pure code, shared by the server (seed, validation, statistics)
 * and the preview components.
 *
 * Answers are stored keyed by the `_uid` of the block that asks:
 * - response-options            → the chosen option's index in `response_options` (number)
 * - response-faces              → the chosen face's index in `faces` (number; app/lib/face-scale.ts)
 * - response-text-question-answer-freetext → the typed text (string)
 * - response-text-question-answer-option   → one of its choices' texts (string; `choiceLabels`)
 * - response-art                → a drawing reference `{ drawingId: string }`
 *
 * A question may carry a recording of its prompt (`prompt_audio`) and each option or face one of its
 * text (`audio`): Storyblok asset fields, translatable, so each language has its own (issue 37,
 * docs/product.md#recordings). A choice is a plain string, or a `response-text-question-answer-choice`
 * block whose `content` is its text and whose `audio` is its recording. They change no answer field.
 */

import { type FaceMood, readFaceScale } from "./face-scale";

export interface BlockBase {
  _uid: string;
  component: string;
  _editable?: string;
}

export interface StoryblokAsset {
  filename?: string | null;
  alt?: string | null;
}

export interface SurveyBlock extends BlockBase {
  component: "survey";
  title?: string;
  description?: string;
  content?: ContentBlock[];
  response?: ResponseBlock[];
}

export interface SurveyHeaderBlock extends BlockBase {
  component: "survey-header";
  content?: string;
}

export interface SurveyImageBlock extends BlockBase {
  component: "survey-image";
  image?: StoryblokAsset | null;
}

export interface SurveyTextBlock extends BlockBase {
  component: "survey-text";
  content?: string;
}

export interface SurveyVideoBlock extends BlockBase {
  component: "survey-video";
  youtube_link?: string;
  /** The video's title, for the player's frame (screen readers name the frame by it). */
  title?: string;
}

/** A recording of a question's prompt or of an option's text (an audio asset). */
export interface WithRecording {
  audio?: StoryblokAsset | null;
}

/** A question whose prompt may have a recording. */
export interface WithPromptRecording {
  prompt?: string;
  prompt_audio?: StoryblokAsset | null;
}

export interface ResponseOptionsItemBlock extends BlockBase, WithRecording {
  component: "response-options-item";
  content?: string;
}

export interface ResponseOptionsBlock extends BlockBase, WithPromptRecording {
  component: "response-options";
  response_options?: ResponseOptionsItemBlock[];
}

export interface ResponseFacesItemBlock extends BlockBase, WithRecording {
  component: "response-faces-item";
  /** The face's text label ("Happy"), in the story's language. */
  label?: string;
}

/** A face scale: 2, 3 or 5 labelled faces, from the least to the most happy (app/lib/face-scale.ts). */
export interface ResponseFacesBlock extends BlockBase, WithPromptRecording {
  component: "response-faces";
  faces?: ResponseFacesItemBlock[];
}

export interface FreetextAnswerBlock extends BlockBase {
  component: "response-text-question-answer-freetext";
}

/** A choice that carries a recording: its text in `content`, the recording in `audio`. */
export interface OptionAnswerChoiceBlock extends BlockBase, WithRecording {
  component: "response-text-question-answer-choice";
  content?: string;
}

export interface OptionAnswerBlock extends BlockBase {
  component: "response-text-question-answer-option";
  /** Each choice: its text, or a choice block (text and recording); both may stand in one list. */
  choices?: (string | OptionAnswerChoiceBlock)[];
}

/** A choice as shown: its text (what is sent, counted and exported) and its recording, if any. */
export interface ChoiceItem {
  label: string;
  audio?: StoryblokAsset | null;
  /** The choice block, where the choice is one (Storyblok's visual editor edits it). */
  block?: OptionAnswerChoiceBlock;
}

/**
 * A choice question's choices in order, empty ones skipped: a string is its text; a choice block its
 * `content` and `audio`. Anything else in the list (a block of another kind) is skipped too.
 */
export function readChoices(answer: Pick<OptionAnswerBlock, "choices">): ChoiceItem[] {
  const items: ChoiceItem[] = [];
  for (const choice of Array.isArray(answer.choices) ? answer.choices : []) {
    if (typeof choice === "string") {
      if (hasText(choice)) items.push({ label: choice });
    } else if (choice?.component === "response-text-question-answer-choice" && hasText(choice.content)) {
      items.push({ label: choice.content, audio: choice.audio ?? null, block: choice });
    }
  }
  return items;
}

export interface ResponseTextQuestionBlock extends BlockBase, WithPromptRecording {
  component: "response-text-question";
  answers?: (FreetextAnswerBlock | OptionAnswerBlock)[];
}

export interface ResponseTextBlock extends BlockBase {
  component: "response-text";
  prompt?: string;
  questions?: ResponseTextQuestionBlock[];
}

export interface ResponseArtBlock extends BlockBase, WithPromptRecording {
  component: "response-art";
}

export type ContentBlock = SurveyHeaderBlock | SurveyImageBlock | SurveyTextBlock | SurveyVideoBlock;
export type ResponseBlock = ResponseOptionsBlock | ResponseFacesBlock | ResponseTextBlock | ResponseArtBlock;

/** A story as Storyblok's CDN returns it (the fields we use). */
export interface SurveyStory {
  id?: number;
  uuid?: string;
  name: string;
  slug?: string;
  full_slug: string;
  content: SurveyBlock;
  published_at?: string | null;
}

export type AnswerField =
  | {
      uid: string;
      kind: "option";
      prompt: string;
      /**
       * Non-empty options, with their index in `response_options`; a face scale's faces, with their
       * index in `faces` and the face drawn.
       */
      options: { index: number; label: string; face?: FaceMood }[];
    }
  | { uid: string; kind: "freetext"; prompt: string; questionNumber: number }
  | { uid: string; kind: "choice"; prompt: string; questionNumber: number; choices: string[] }
  | { uid: string; kind: "drawing"; prompt: string };

export function hasText(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim().length > 0;
}

/** Every answer a survey asks for, in the order a student meets them. */
export function listAnswerFields(survey: SurveyBlock): AnswerField[] {
  const fields: AnswerField[] = [];
  for (const block of survey.response ?? []) {
    if (block.component === "response-options") {
      const options = (block.response_options ?? [])
        .map((item, index) => ({ index, label: item.content ?? "" }))
        .filter((option) => hasText(option.label));
      fields.push({ uid: block._uid, kind: "option", prompt: block.prompt ?? "", options });
    } else if (block.component === "response-faces") {
      const faces = readFaceScale(block);
      if (faces) fields.push({ uid: block._uid, kind: "option", prompt: block.prompt ?? "", options: faces });
    } else if (block.component === "response-text") {
      (block.questions ?? []).forEach((question, questionIndex) => {
        for (const answer of question.answers ?? []) {
          if (answer.component === "response-text-question-answer-freetext") {
            fields.push({
              uid: answer._uid,
              kind: "freetext",
              prompt: question.prompt ?? "",
              questionNumber: questionIndex + 1,
            });
          } else if (answer.component === "response-text-question-answer-option") {
            fields.push({
              uid: answer._uid,
              kind: "choice",
              prompt: question.prompt ?? "",
              questionNumber: questionIndex + 1,
              choices: readChoices(answer).map((choice) => choice.label),
            });
          }
        }
      });
    } else if (block.component === "response-art") {
      fields.push({ uid: block._uid, kind: "drawing", prompt: block.prompt ?? "" });
    }
  }
  return fields;
}

/**
 * survey-header anchor id (docs/product.md#header-anchor-ids): the text as written, lowercased, with
 * each space turned into a hyphen; nothing else changes (no trimming: the specification's words).
 */
export function headerAnchorId(text: string): string {
  return text.toLowerCase().replace(/ /g, "-");
}

/**
 * Each header block's anchor id, by `_uid`, unique on the page: the second "Warm-up" is `warm-up-2`,
 * the third `warm-up-3` (a suffix that is itself taken moves on to the next number).
 */
export function headerAnchorIds(blocks: readonly BlockBase[]): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const block of blocks as readonly ContentBlock[]) {
    if (block.component !== "survey-header" || !hasText(block.content)) continue;
    const base = headerAnchorId(block.content);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    ids.set(block._uid, id);
  }
  return ids;
}

/** Says a fallback frame title in the reader's language (the preview's `useSurveyLabels()`). */
type SayTitle = (key: "Video: {header}" | "Video {n, number}", values: Record<string, unknown>) => string;

/**
 * Each video block's frame title, by `_uid`, unique on the page (ADR 221): the video's own title from
 * the content; else 'Video: {the header above it}'; else 'Video {n}', both in the reader's language
 * (`say`). A title met twice gets ' ({n})'.
 */
export function videoFrameTitles(blocks: readonly BlockBase[], say: SayTitle): Map<string, string> {
  const titles = new Map<string, string>();
  const used = new Set<string>();
  let header: string | null = null;
  let count = 0;
  for (const block of blocks as readonly ContentBlock[]) {
    if (block.component === "survey-header" && hasText(block.content)) header = block.content.trim();
    if (block.component !== "survey-video") continue;
    count += 1;
    let title = hasText(block.title)
      ? block.title.trim()
      : header
        ? say("Video: {header}", { header })
        : say("Video {n, number}", { n: count });
    if (used.has(title)) title = `${title} (${count})`;
    used.add(title);
    titles.set(block._uid, title);
  }
  return titles;
}

/**
 * An image's width and height from its URL, where the URL carries them as a `/{W}x{H}/` path segment
 * (Storyblok's asset URLs do, and so do the local sample images): the page keeps the image's room
 * before it loads (ADR 221). Null when the URL has none.
 */
export function imageDimensions(url: string): { width: number; height: number } | null {
  let path: string;
  try {
    path = new URL(url, "http://local.invalid").pathname;
  } catch {
    return null;
  }
  const match = /\/([1-9]\d{0,4})x([1-9]\d{0,4})\//.exec(path);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** Drawing preview (docs/product.md#drawing-preview): brush sizes in px, default 8. */
export const DRAWING_BRUSH_SIZES = [3, 8, 15, 40] as const;
export const DEFAULT_DRAWING_BRUSH_SIZE = 8;

/** Drawing preview: 12 fixed palette colours; the first, black, is the default. */
export const DRAWING_PALETTE = [
  { name: "Black", value: "#000000" },
  { name: "White", value: "#ffffff" },
  { name: "Grey", value: "#8b8d98" },
  { name: "Red", value: "#e5484d" },
  { name: "Orange", value: "#f76b15" },
  { name: "Yellow", value: "#ffc53d" },
  { name: "Green", value: "#30a46c" },
  { name: "Teal", value: "#12a594" },
  { name: "Blue", value: "#0090ff" },
  { name: "Purple", value: "#8e4ec6" },
  { name: "Pink", value: "#d6409f" },
  { name: "Brown", value: "#ad7f58" },
] as const;

/** Drawing preview canvas size in px (docs/product.md#drawing-preview). */
export const DRAWING_CANVAS = { width: 600, height: 400 } as const;
