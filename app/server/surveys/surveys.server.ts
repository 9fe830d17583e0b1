/**
 * Surveys as teachers see them: the registry list and the read-only preview
 * of one survey's content. Every signed-in user may read survey content
 * (docs/product.md#survey-screens); the routes guard that, these functions take what they need.
 */
import { asc, eq, isNull } from "drizzle-orm";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import type { SurveyStory } from "~/lib/survey-content";
import type { CurrentUser } from "../auth/current-user.server";
import { isAdmin } from "../auth/current-user.server";
import type { Db } from "../db/client.server";
import { surveys } from "../db/schema.server";
import { forbidden, notFound } from "../errors.server";
import type { CachedContent } from "./content-cache.server";
import { type SyncSummary, syncSurveyRegistry } from "./registry.server";
import { findTranslatedVersion, listVersionLanguages } from "./translations.server";

export type SurveyListItem = Pick<typeof surveys.$inferSelect, "id" | "fullSlug" | "title">;

/** Registered surveys still in the content source, by title. */
export async function listSurveys(db: Db): Promise<SurveyListItem[]> {
  return db
    .select({ id: surveys.id, fullSlug: surveys.fullSlug, title: surveys.title })
    .from(surveys)
    .where(isNull(surveys.removedAt))
    .orderBy(asc(surveys.title), asc(surveys.fullSlug));
}

export interface SurveyPreview {
  survey: SurveyListItem;
  /** The story to render; null only when the content service failed and no copy is cached. */
  story: SurveyStory | null;
  /** A message for the page when the content service failed, else null. */
  contentError: string | null;
  /** When the story shown is the last good copy, the time it was fetched. */
  staleSince: string | null;
  /** The language of the story shown: the one asked for where the survey has a version in it, else the default (ADR 240). */
  language: Language;
  /** The languages the preview can switch to, the default first; empty where it cannot switch (the editor's frame). */
  languages: Language[];
  /** The language asked for, when the survey has no version in it (the default is shown instead); else null. */
  missingLanguage: Language | null;
}

export const CONTENT_UNAVAILABLE_MESSAGE =
  "The survey content service is not answering right now, so this preview cannot be loaded. Please try again in a few minutes.";
export const CONTENT_STALE_MESSAGE =
  "The survey content service is not answering right now. You are seeing the last copy we loaded, which may be out of date.";

/** A survey in the registry by id; NOT_FOUND when there is none. */
export async function findRegisteredSurvey(db: Db, surveyId: number): Promise<SurveyListItem> {
  const [survey] = await db
    .select({ id: surveys.id, fullSlug: surveys.fullSlug, title: surveys.title })
    .from(surveys)
    .where(eq(surveys.id, surveyId))
    .limit(1);
  if (!survey) throw notFound("There is no survey with this id. It may have been removed from the survey library.");
  return survey;
}

/**
 * One survey's read-only preview. An unknown id, or a survey whose story is
 * no longer published, is NOT_FOUND. A content-service failure is not an
 * error here: the preview carries a message and the last good copy, if any.
 */
export async function getSurveyStory(
  db: Db,
  content: CachedContent,
  surveyId: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<SurveyPreview> {
  const survey = await findRegisteredSurvey(db, surveyId);
  const { snapshot, error } = await content.read();
  const story = snapshot?.bySlug.get(survey.fullSlug) ?? null;
  if (!story && !error) {
    throw notFound("This survey is no longer published in the survey content, so it cannot be previewed.");
  }
  // The version in the language asked for (ADR 240), by the students' own rule (ADR 217).
  const [translated, languages] = story
    ? await Promise.all([findTranslatedVersion(content, story, language), listVersionLanguages(content, story)])
    : [null, [DEFAULT_LANGUAGE]];
  const shown = {
    story: translated ?? story,
    language: translated ? language : DEFAULT_LANGUAGE,
    languages,
    missingLanguage: story && !translated && language !== DEFAULT_LANGUAGE ? language : null,
  };
  if (error) {
    return {
      survey,
      ...shown,
      contentError: story ? CONTENT_STALE_MESSAGE : CONTENT_UNAVAILABLE_MESSAGE,
      staleSince: story && snapshot ? snapshot.fetchedAt.toISOString() : null,
    };
  }
  return { survey, ...shown, contentError: null, staleSince: null };
}

/** Re-reads the content source and brings the registry in step. */
export async function syncSurveys(db: Db, content: CachedContent): Promise<SyncSummary> {
  content.invalidate();
  return syncSurveyRegistry(db, content);
}

/** The admin action "sync surveys now" (admin screens call this). */
export async function syncSurveysAsAdmin(
  actor: Pick<CurrentUser, "role">,
  input: { db: Db; content: CachedContent },
): Promise<SyncSummary> {
  if (!isAdmin(actor)) throw forbidden("Only administrators can sync the survey library.");
  return syncSurveys(input.db, input.content);
}
