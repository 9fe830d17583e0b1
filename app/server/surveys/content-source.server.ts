/**
 * Where survey content comes from. One interface, two sources: local
 * Storyblok-format JSON in CONTENT_DIR (default) or Storyblok's EU CDN
 * (when STORYBLOK_TOKEN is set). See docs/decisions/020-survey-content-source.md.
 */
import type { SurveyStory } from "~/lib/survey-content";

export interface ContentSource {
  readonly kind: "local" | "storyblok";
  /**
   * Every published survey story (starts_with=surveys/, no start pages); with
   * a language other than the default, the stories in that language (ADR 217):
   * Storyblok's field-level translation (falling back to the default per
   * field), or the local per-language versions (only the surveys that have one).
   */
  listStories(language?: string): Promise<SurveyStory[]>;
}

/** The content service could not be read. `message` is safe to show to a signed-in teacher. */
export class ContentUnavailableError extends Error {
  readonly status?: number;

  constructor(message: string, options?: { status?: number; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = "ContentUnavailableError";
    this.status = options?.status;
  }
}
