import { describe, expect, test } from "vitest";
import { chooseLocalVoice, MAX_UTTERANCE_LENGTH, splitSentences, type VoiceLike } from "./read-aloud";

const voice = (lang: string, localService: boolean, name = lang, isDefault = false): VoiceLike => ({
  lang,
  localService,
  name,
  default: isDefault,
});

describe("chooseLocalVoice", () => {
  test("never a voice that is not on the device, even the only one for the language", () => {
    expect(chooseLocalVoice([voice("de-DE", false, "Cloud German")], "de")).toBeNull();
    expect(chooseLocalVoice([voice("de-DE", false, "Cloud"), voice("de-DE", true, "Local")], "de")?.name).toBe("Local");
  });

  test("a voice of the page's language only; none when the device has none", () => {
    expect(chooseLocalVoice([voice("en-GB", true), voice("fr-FR", true)], "pl")).toBeNull();
    expect(chooseLocalVoice([], "en")).toBeNull();
    expect(chooseLocalVoice([voice("en-GB", true)], "")).toBeNull();
  });

  test("the exact tag before one of the same language, the default among equals; tags in any case or with _", () => {
    const voices = [
      voice("fr-CA", true, "Canada"),
      voice("fr_FR", true, "France"),
      voice("fr-FR", true, "Default", true),
    ];
    expect(chooseLocalVoice(voices, "fr-FR")?.name).toBe("Default");
    expect(chooseLocalVoice(voices, "fr-ca")?.name).toBe("Canada");
    expect(chooseLocalVoice(voices, "fr")?.name).toBe("Default");
    expect(chooseLocalVoice([voice("AR-SA", true, "Arabic")], "ar")?.name).toBe("Arabic");
  });
});

describe("splitSentences", () => {
  const text = "How do you feel today? Tap a face. It is okay to feel sad!";
  const expected = ["How do you feel today?", "Tap a face.", "It is okay to feel sad!"];

  test("with Intl.Segmenter", () => {
    expect(splitSentences(text, "en")).toEqual(expected);
    expect(splitSentences("Wie geht es dir? Tippe auf ein Gesicht.", "de")).toEqual([
      "Wie geht es dir?",
      "Tippe auf ein Gesicht.",
    ]);
  });

  test("without Intl.Segmenter: a simple split at sentence ends and line breaks", () => {
    expect(splitSentences(text, "en", null)).toEqual(expected);
    expect(splitSentences("كيف حالك؟ اختر وجهًا.", "ar", null)).toEqual(["كيف حالك؟", "اختر وجهًا."]);
    expect(splitSentences("First line\nSecond line", "en", null)).toEqual(["First line", "Second line"]);
  });

  test("blank text is nothing to read; white space is folded", () => {
    expect(splitSentences("  \n ", "en")).toEqual([]);
    expect(splitSentences("Tap   a\tface.", "en", null)).toEqual(["Tap a face."]);
  });

  test("a long sentence is cut at commas, then spaces, so no piece is cut off by the engine", () => {
    const long = Array.from({ length: 30 }, (_, i) => `part ${i} of a list`).join(", ");
    const pieces = splitSentences(long, "en");
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(MAX_UTTERANCE_LENGTH);
    expect(pieces.join(" ")).toBe(long);
    const words = "word ".repeat(100).trim();
    expect(splitSentences(words, "en", null).every((piece) => piece.length <= MAX_UTTERANCE_LENGTH)).toBe(true);
    expect(splitSentences(words, "en", null).join(" ")).toBe(words);
  });
});
