/**
 * A per-instance cache in front of a content source (docs/decisions/021-content-cache.md):
 *
 * - a snapshot of every survey story, keyed by full_slug, fresh for `ttlMs`;
 * - concurrent reads while it is stale share ONE upstream fetch;
 * - a failed fetch never throws at the reader: it gets the error and the last
 *   good snapshot (if there is one), and the failure is held for
 *   `failureHoldMs` so a broken upstream is not hammered;
 * - `invalidate()` (the webhook, the admin sync) makes the next read refetch,
 *   even when a fetch that started earlier is still under way.
 */
import type { SurveyStory } from "~/lib/survey-content";
import { createLogger, type Logger } from "../logger.server";
import { type ContentSource, ContentUnavailableError } from "./content-source.server";

export interface ContentSnapshot {
  stories: SurveyStory[];
  bySlug: ReadonlyMap<string, SurveyStory>;
  fetchedAt: Date;
}

export interface ContentRead {
  /** The newest good copy: fresh when `error` is null, else the last good one (or none). */
  snapshot: ContentSnapshot | null;
  error: ContentUnavailableError | null;
}

export interface CachedContent extends ContentSource {
  /** Never rejects. */
  read(): Promise<ContentRead>;
  invalidate(): void;
  /** How many times the upstream source was asked (for tests and logs). */
  readonly upstreamFetches: number;
  /**
   * The stories in another language, cached the same way (ADR 217); null for
   * the default language, or where the content has no translations.
   */
  inLanguage?(language: string): CachedContent | null;
}

export interface ContentCacheOptions {
  ttlMs: number;
  failureHoldMs?: number;
  now?: () => number;
  /** Where a failed fetch is reported; unset: warnings to stderr. */
  logger?: Pick<Logger, "warn">;
}

function toContentError(error: unknown): ContentUnavailableError {
  if (error instanceof ContentUnavailableError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ContentUnavailableError(`The survey content could not be read: ${message}`, { cause: error });
}

export function createCachedContent(source: ContentSource, options: ContentCacheOptions): CachedContent {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? createLogger("warn");
  const failureHoldMs = options.failureHoldMs ?? Math.min(options.ttlMs, 5_000);
  let snapshot: ContentSnapshot | null = null;
  let freshUntil = 0;
  let failure: { error: ContentUnavailableError; until: number } | null = null;
  let generation = 0;
  let inflight: Promise<ContentRead> | null = null;
  let upstreamFetches = 0;

  async function refresh(): Promise<ContentRead> {
    const startedGeneration = generation;
    upstreamFetches++;
    try {
      const stories = await source.listStories();
      const next: ContentSnapshot = {
        stories,
        bySlug: new Map(stories.map((story) => [story.full_slug, story])),
        fetchedAt: new Date(now()),
      };
      snapshot = next;
      failure = null;
      // Invalidated while we were fetching: keep the copy, but fetch again next time.
      freshUntil = startedGeneration === generation ? now() + options.ttlMs : 0;
      return { snapshot: next, error: null };
    } catch (error) {
      const contentError = toContentError(error);
      failure = { error: contentError, until: now() + failureHoldMs };
      logger.warn("content.fetch_failed", {
        source: source.kind,
        message: contentError.message,
        status: contentError.status,
        servingLastGoodCopy: snapshot !== null,
      });
      return { snapshot, error: contentError };
    }
  }

  const cached: CachedContent = {
    kind: source.kind,
    get upstreamFetches() {
      return upstreamFetches;
    },
    read() {
      if (snapshot && now() < freshUntil) return Promise.resolve({ snapshot, error: null });
      if (failure && now() < failure.until) return Promise.resolve({ snapshot, error: failure.error });
      if (!inflight) {
        inflight = refresh().finally(() => {
          inflight = null;
        });
      }
      return inflight;
    },
    invalidate() {
      generation++;
      freshUntil = 0;
      failure = null;
    },
    async listStories() {
      const { snapshot: current, error } = await cached.read();
      if (error || !current) throw error ?? new ContentUnavailableError("The survey content could not be read.");
      return current.stories;
    },
  };
  return cached;
}
