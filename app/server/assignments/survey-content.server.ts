/**
 * The survey content the results screen needs (which questions a survey
 * asks), looked up by full_slug. Reads the configured content source and
 * keeps the stories for CONTENT_CACHE_TTL_SECONDS, so a results request does
 * not read the content on every render.
 *
 * TODO(issue 5): switch to the survey area's shared getContentSource(config)
 * (Storyblok when STORYBLOK_TOKEN is set) once it lands; this reads the local
 * content directory only.
 */
import type { SurveyBlock, SurveyStory } from "~/lib/survey-content";
import type { Config } from "../config.server";
import { createLocalContentSource } from "../surveys/local-source.server";

export type SurveyContentLookup = (fullSlug: string) => Promise<SurveyBlock | null>;

let cache: { key: string; expiresAt: number; stories: Promise<Map<string, SurveyStory>> } | undefined;

export function createSurveyContentLookup(config: Pick<Config, "CONTENT_DIR" | "CONTENT_CACHE_TTL_SECONDS">): SurveyContentLookup {
  return async (fullSlug) => {
    const now = Date.now();
    if (!cache || cache.key !== config.CONTENT_DIR || cache.expiresAt <= now) {
      const stories = createLocalContentSource(config.CONTENT_DIR)
        .listStories()
        .then((list) => new Map(list.map((story) => [story.full_slug, story])));
      cache = { key: config.CONTENT_DIR, expiresAt: now + config.CONTENT_CACHE_TTL_SECONDS * 1000, stories };
      stories.catch(() => {
        cache = undefined;
      });
    }
    const story = (await cache.stories).get(fullSlug);
    return story?.content ?? null;
  };
}
