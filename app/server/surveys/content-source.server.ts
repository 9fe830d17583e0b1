/**
 * Where survey content comes from. One interface, two sources: local
 * Storyblok-format JSON in CONTENT_DIR (default) or Storyblok's EU CDN
 * (when STORYBLOK_TOKEN is set).
 */
import type { SurveyStory } from "~/lib/survey-content";

export interface ContentSource {
  readonly kind: "local" | "storyblok";
  /** Every published survey story (starts_with=surveys/, no start pages). */
  listStories(): Promise<SurveyStory[]>;
}
