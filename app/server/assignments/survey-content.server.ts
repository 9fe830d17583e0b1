/**
 * The survey content the results screen needs (which questions a survey
 * asks), looked up by full_slug through the app's content cache:
 * local JSON or Storyblok, whichever is configured (app/server/surveys).
 * When the content service is down, the last good copy is used; without one,
 * the results still show counts, only without the questions' wording.
 */
import type { SurveyBlock } from "~/lib/survey-content";
import type { CachedContent } from "../surveys/content-cache.server";

export type SurveyContentLookup = (fullSlug: string) => Promise<SurveyBlock | null>;

export function createSurveyContentLookup(content: Pick<CachedContent, "read">): SurveyContentLookup {
  return async (fullSlug) => {
    const { snapshot } = await content.read();
    return snapshot?.bySlug.get(fullSlug)?.content ?? null;
  };
}
