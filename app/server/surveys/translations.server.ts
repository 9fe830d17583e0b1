/**
 * A survey's versions in other languages (ADR 217, ADR 240): which one a
 * reader sees, and which languages a survey has at all. One rule for the
 * student pages, the student API and the teacher's preview:
 *
 * - a version is the story under the same `full_slug` in the language's
 *   cached content (`CachedContent.inLanguage`);
 * - it counts only when it asks the same questions as the default (the same
 *   answer fields by `_uid`, with as many options and choices), so answers
 *   group by question across languages;
 * - and only when something in it is translated: Storyblok answers every
 *   language the space has (a language it does not have, too) with the
 *   default's fields where a field has no translation, so a version whose
 *   content is the default's, field for field, is not a version.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from "~/lib/i18n/languages";
import { listAnswerFields, type SurveyStory } from "~/lib/survey-content";
import type { CachedContent } from "./content-cache.server";

/** The survey's version in `language`, or null (the default language, no version, other questions, nothing translated). */
export async function findTranslatedVersion(
  content: CachedContent,
  story: SurveyStory,
  language: Language,
): Promise<SurveyStory | null> {
  const translations = content.inLanguage?.(language);
  if (!translations) return null;
  const translated = (await translations.read()).snapshot?.bySlug.get(story.full_slug);
  return translated && isTranslationOf(story, translated) ? translated : null;
}

/**
 * The languages the survey can be read in: its default first, then each
 * language it has a version in (in the order of LANGUAGES). Reads every
 * language's cached content (on Storyblok, one listing per language, the
 * first time and then once per cache lifetime).
 */
export async function listVersionLanguages(content: CachedContent, story: SurveyStory): Promise<Language[]> {
  const others = LANGUAGE_CODES.filter((language) => language !== DEFAULT_LANGUAGE);
  const versions = await Promise.all(others.map((language) => findTranslatedVersion(content, story, language)));
  return [DEFAULT_LANGUAGE, ...others.filter((_, index) => versions[index] !== null)];
}

/** Whether `translated` may stand in for `story`: the same questions, and something translated. */
export function isTranslationOf(story: SurveyStory, translated: SurveyStory): boolean {
  return (
    translated.content?.component === "survey" &&
    questionShape(story) === questionShape(translated) &&
    JSON.stringify(translated.content) !== JSON.stringify(story.content)
  );
}

/** The answer fields, and how many options and choices each has (option answers are their index). */
function questionShape(story: SurveyStory): string {
  return listAnswerFields(story.content)
    .map((field) => {
      const size = field.kind === "option" ? field.options.length : field.kind === "choice" ? field.choices.length : 0;
      return `${field.uid}:${field.kind}:${size}`;
    })
    .sort()
    .join();
}

/**
 * A choice answer's values, by field `_uid`: the default story's choices, in
 * the order shown. A reader of a translated version sends these, so the
 * answer is stored in the survey's own terms.
 */
export function choiceValuesOf(story: SurveyStory): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const field of listAnswerFields(story.content)) {
    if (field.kind === "choice" && field.choices) values[field.uid] = field.choices;
  }
  return values;
}
