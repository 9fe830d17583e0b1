/**
 * Reading a question aloud where its author attached no recording (issue 37, docs/product.md#recordings):
 * the browser's speech synthesis, only with a voice that runs on the device (`localService`: a voice that
 * sends the text to another company is never used), in the text's language, one sentence at a time
 * (some browsers cut a long utterance off after a few seconds). Pure code: the button is
 * app/client/speech-buttons.ts. Bundled into a plain script too: no optional chaining, `??` or
 * lookbehind (old engines, ADR 170).
 */

/** On an answering page's empty slot for a Listen button: the id of the element whose text it reads. */
export const READ_ALOUD_ATTRIBUTE = "data-read-aloud";

/** What a voice says of itself (the fields of SpeechSynthesisVoice that the choice reads). */
export interface VoiceLike {
  lang: string;
  localService: boolean;
  default?: boolean;
  name?: string;
}

/** The primary language subtag, lowercased: `de` of `de-AT`, `de_AT` or `DE`. */
function primaryLanguage(tag: string): string {
  return tag.split(/[-_]/)[0].toLowerCase();
}

function normalisedTag(tag: string): string {
  return tag.replace(/_/g, "-").toLowerCase();
}

/**
 * The voice to read `language` with: only voices on the device; the one whose tag is the language's
 * exactly (`de-DE` for `de-DE`) before one of the same primary language (`de-AT` for `de`), the
 * browser's default among equals. Null when the device has no voice for the language: then there is
 * no Listen button.
 */
export function chooseLocalVoice<V extends VoiceLike>(voices: readonly V[], language: string): V | null {
  const wanted = normalisedTag(language);
  const primary = primaryLanguage(language);
  if (primary === "") return null;
  let best: V | null = null;
  let bestScore = 0;
  for (const voice of voices) {
    if (voice.localService !== true || typeof voice.lang !== "string") continue;
    if (primaryLanguage(voice.lang) !== primary) continue;
    const score = (normalisedTag(voice.lang) === wanted ? 2 : 1) * 2 + (voice.default ? 1 : 0);
    if (score > bestScore) {
      best = voice;
      bestScore = score;
    }
  }
  return best;
}

/** A sentence longer than this is cut again at its commas, then its spaces (speech engines cut long utterances). */
export const MAX_UTTERANCE_LENGTH = 200;

interface SegmenterLike {
  segment(text: string): Iterable<{ segment: string }>;
}
type SegmenterConstructor = new (locale: string, options: { granularity: "sentence" }) => SegmenterLike;

/**
 * `text` cut into sentences to speak one after another: with `Intl.Segmenter` where the runtime has it
 * (it knows each language's sentence ends), else at `.`, `!`, `?`, `…`, `。`, `؟` and line breaks
 * followed by a space or the end. Empty pieces are dropped; a piece longer than MAX_UTTERANCE_LENGTH
 * is cut again at a comma or space before the limit. `segmenter` is for tests (null: the fallback).
 */
export function splitSentences(
  text: string,
  language: string,
  segmenter: SegmenterConstructor | null = defaultSegmenter(),
): string[] {
  const pieces = segmenter ? segmentWith(segmenter, text, language) : fallbackSplit(text);
  return pieces
    .map((piece) => piece.replace(/\s+/g, " ").trim())
    .filter((piece) => piece !== "")
    .flatMap(cutLong);
}

function defaultSegmenter(): SegmenterConstructor | null {
  const intl = Intl as unknown as { Segmenter?: SegmenterConstructor };
  return typeof intl.Segmenter === "function" ? intl.Segmenter : null;
}

function segmentWith(Segmenter: SegmenterConstructor, text: string, language: string): string[] {
  let segmenter: SegmenterLike;
  try {
    segmenter = new Segmenter(language, { granularity: "sentence" });
  } catch {
    return fallbackSplit(text);
  }
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

function fallbackSplit(text: string): string[] {
  return text.replace(/([.!?…。؟]+)\s+/g, "$1\n").split(/\n+/);
}

function cutLong(sentence: string): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_UTTERANCE_LENGTH) {
    const head = rest.slice(0, MAX_UTTERANCE_LENGTH);
    const cut = Math.max(head.lastIndexOf(", "), head.lastIndexOf("، "));
    const at = cut > 0 ? cut + 1 : head.lastIndexOf(" ") > 0 ? head.lastIndexOf(" ") : MAX_UTTERANCE_LENGTH;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest !== "") pieces.push(rest);
  return pieces;
}
