/**
 * English catalogue texts left in a translated page (issue #28): every text
 * node and every label attribute (aria-label, title, placeholder, alt) of the
 * HTML is compared, whole, with the catalogues' English texts (a key is its
 * English text; app/locales/en/<namespace>.json holds only those that differ
 * from their key). A text counts when it is a catalogue
 * text (a message with {arguments} matches any values), and its translation
 * in the page's language differs from the English (so "Status" in German, a
 * word both languages share, is not reported), and it is not itself one of the
 * language's own texts ("Start" is German for "Home"). User content and proper names
 * (a class called "5A Sunflowers", "Orliverse Classroom") are no catalogue
 * texts, so they are never reported.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

type Catalogue = Record<string, string>;

function catalogue(language: string, namespace: string): Catalogue {
  try {
    return JSON.parse(readFileSync(path.join("app/locales", language, `${namespace}.json`), "utf8")) as Catalogue;
  } catch {
    return {};
  }
}

/** A namespace's keys: every key of any language's catalogue (English has no catalogue of keys). */
export function catalogueKeys(namespace: string): string[] {
  const languages = ["en", "de", "fr", "es", "pl", "ar"];
  return [...new Set(languages.flatMap((language) => Object.keys(catalogue(language, namespace))))];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === "#") return String.fromCodePoint(Number(name[1] === "x" ? `0${name.slice(1)}` : name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The texts a reader meets in the HTML: text nodes (no scripts or styles) and label attributes, trimmed. */
export function pageTexts(html: string): string[] {
  const body = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, "").replace(/<!--[\s\S]*?-->/g, "");
  const texts: string[] = [];
  for (const match of body.matchAll(/>([^<]+)</g)) texts.push(match[1]);
  for (const match of body.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)) texts.push(match[1]);
  return texts.map((text) => decode(text).replace(/\s+/g, " ").trim()).filter((text) => /\p{L}/u.test(text));
}

/** A catalogue key as a whole-text pattern: {arguments} and ICU plurals match anything. */
function keyPattern(key: string): RegExp {
  let pattern = "";
  let depth = 0;
  for (const char of key) {
    if (char === "{") {
      if (depth === 0) pattern += ".+?";
      depth++;
    } else if (char === "}") depth--;
    else if (depth === 0) pattern += char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${pattern}$`, "u");
}

/**
 * The English catalogue texts of `namespaces` found in `html`, for a page in
 * `language`: each as [the page's text, the catalogue key].
 */
export function englishTextsLeft(html: string, language: string, namespaces = ["common", "staff"]): [string, string][] {
  const found: [string, string][] = [];
  // A text the page's language itself uses ("Start" is German for "Home") is not English left behind.
  const ownTexts = new Set(namespaces.flatMap((namespace) => Object.values(catalogue(language, namespace))));
  const texts = new Set(pageTexts(html).filter((text) => !ownTexts.has(text)));
  for (const namespace of namespaces) {
    const english = catalogue("en", namespace);
    const translated = catalogue(language, namespace);
    for (const key of catalogueKeys(namespace)) {
      const englishText = english[key] ?? key;
      if (translated[key] === undefined || translated[key] === englishText) continue;
      const pattern = englishText.includes("{") ? keyPattern(englishText) : null;
      // A message that is all arguments ("{count, plural, …}") says nothing English by itself.
      if (pattern && !/\p{L}/u.test(pattern.source.replace(/\.\+\?/g, ""))) continue;
      for (const text of texts) {
        if (pattern ? pattern.test(text) : text === englishText) found.push([text, key]);
      }
    }
  }
  return found;
}
