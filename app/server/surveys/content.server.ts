/**
 * The app's survey content: the configured source (local JSON or
 * Storyblok) behind the per-instance cache, built once by createApp.
 * See docs/decisions/020 and 021.
 */

import path from "node:path";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/lib/i18n/languages";
import type { Config } from "../config.server";
import type { Logger } from "../logger.server";
import { type CachedContent, createCachedContent } from "./content-cache.server";
import type { ContentSource } from "./content-source.server";
import { createLocalContentSource } from "./local-source.server";
import {
  createStoryblokContentSource,
  createStoryblokDraftReader,
  type StoryblokDraftReader,
} from "./storyblok-source.server";

type ContentConfig = Pick<
  Config,
  "STORYBLOK_TOKEN" | "STORYBLOK_ENDPOINT" | "CONTENT_DIR" | "CONTENT_CACHE_TTL_SECONDS"
>;

/** Drafts through the preview token, for the visual editor's preview (ADR 200); null when not configured. */
export function createDraftReader(
  config: Pick<Config, "STORYBLOK_PREVIEW_TOKEN" | "STORYBLOK_ENDPOINT">,
): StoryblokDraftReader | null {
  if (!config.STORYBLOK_PREVIEW_TOKEN) return null;
  return createStoryblokDraftReader({
    accessToken: config.STORYBLOK_PREVIEW_TOKEN,
    endpoint: config.STORYBLOK_ENDPOINT,
  });
}

/** Storyblok's CDN when STORYBLOK_TOKEN is set, else the local content in CONTENT_DIR. */
export function createContentSource(config: ContentConfig): ContentSource {
  if (config.STORYBLOK_TOKEN) {
    return createStoryblokContentSource({ accessToken: config.STORYBLOK_TOKEN, endpoint: config.STORYBLOK_ENDPOINT });
  }
  return createLocalContentSource(path.resolve(config.CONTENT_DIR));
}

/** The cached content source for this configuration: one per app. */
export function createContent(config: ContentConfig, logger: Pick<Logger, "warn">): CachedContent {
  const source = createContentSource(config);
  const options = { ttlMs: config.CONTENT_CACHE_TTL_SECONDS * 1000, logger };
  const content = createCachedContent(source, options);
  // One cache per language, made when a student first reads it (ADR 217); invalidated with the default one.
  const translations = new Map<Language, CachedContent>();
  const invalidate = content.invalidate;
  content.invalidate = () => {
    invalidate();
    for (const translation of translations.values()) translation.invalidate();
  };
  content.inLanguage = (language) => {
    if (!isLanguage(language) || language === DEFAULT_LANGUAGE) return null;
    let translation = translations.get(language);
    if (!translation) {
      translation = createCachedContent(
        { kind: source.kind, listStories: () => source.listStories(language) },
        options,
      );
      translations.set(language, translation);
    }
    return translation;
  };
  return content;
}
