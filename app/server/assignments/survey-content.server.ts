/**
 * The survey content the results screen needs (which questions a survey
 * asks), looked up by full_slug through the process's shared content cache:
 * local JSON or Storyblok, whichever is configured (app/server/surveys).
 * When the content service is down, the last good copy is used; without one,
 * the results still show counts, only without the questions' wording.
 */
import type { SurveyBlock } from "~/lib/survey-content";
import type { Config } from "../config.server";
import { getContentSource } from "../surveys/content.server";

export type SurveyContentLookup = (fullSlug: string) => Promise<SurveyBlock | null>;

type ContentConfig = Pick<
  Config,
  "STORYBLOK_TOKEN" | "STORYBLOK_ENDPOINT" | "CONTENT_DIR" | "CONTENT_CACHE_TTL_SECONDS"
>;

export function createSurveyContentLookup(config: ContentConfig): SurveyContentLookup {
  return async (fullSlug) => {
    const { snapshot } = await getContentSource(config).read();
    return snapshot?.bySlug.get(fullSlug)?.content ?? null;
  };
}
