/**
 * Storyblok's Content Delivery API (EU region) through storyblok-js-client,
 * with the client limits of docs/product.md#content-source: 5 requests per second, page size 25
 * with every page fetched, 429 retried every 300 ms up to 10 times, and
 * statuses 200–206 counted as success.
 *
 * The client's own throttle lets a request start as soon as the one five
 * starts back is exactly a second old, so with network jitter six requests
 * (first tries, later pages and 429 retries alike) could reach the CDN within
 * one second. Every HTTP request therefore also passes our pacer at the
 * transport (ADR 199): at most 5 starts in any window of a second plus a margin.
 */
import StoryblokClient, { type ISbResponse } from "storyblok-js-client";
import type { SurveyStory } from "~/lib/survey-content";
import { type ContentSource, ContentUnavailableError } from "./content-source.server";

export const STORYBLOK_CLIENT_LIMITS = {
  rateLimit: 5,
  perPage: 25,
  maxRetries: 10,
  retriesDelayMs: 300,
  timeoutSeconds: 15,
  /** The pacer's window: a second, plus room for the network's jitter between two requests. */
  pacerWindowMs: 1050,
} as const;

/**
 * At most `limit` starts within any `windowMs`: each call waits until the
 * start `limit` calls back is older than the window. Timestamps only, no
 * timer that outlives the awaited call.
 */
export function createRequestPacer(limit: number, windowMs: number, now: () => number = () => performance.now()) {
  const starts: number[] = [];
  let queue: Promise<void> = Promise.resolve();
  function slot(): Promise<void> {
    const wait = starts.length < limit ? 0 : starts[starts.length - limit] + windowMs - now();
    if (wait > 0) return new Promise((resolve) => setTimeout(resolve, wait)).then(slot);
    starts.push(now());
    if (starts.length > limit) starts.splice(0, starts.length - limit);
    return Promise.resolve();
  }
  // One after another, so the starts are taken in the order the calls came.
  return function nextSlot(): Promise<void> {
    const turn = queue.then(slot);
    queue = turn;
    return turn;
  };
}

export interface StoryblokSourceOptions {
  accessToken: string;
  /** Another base URL (tests point this at a fake CDN); default: Storyblok's EU CDN. */
  endpoint?: string;
}

/**
 * docs/product.md#content-source counts 200–206 as success. The client's status check agrees,
 * but its response handling accepts only 200, so a 2xx answer is handed on as 200.
 */
function acceptSuccessStatuses(response: ISbResponse): ISbResponse {
  if (response.status >= 200 && response.status <= 206) return { ...response, status: 200 };
  return response;
}

export function createStoryblokClient(options: StoryblokSourceOptions): StoryblokClient {
  const nextSlot = createRequestPacer(STORYBLOK_CLIENT_LIMITS.rateLimit, STORYBLOK_CLIENT_LIMITS.pacerWindowMs);
  return new StoryblokClient({
    accessToken: options.accessToken,
    region: "eu",
    endpoint: options.endpoint,
    version: "published",
    rateLimit: STORYBLOK_CLIENT_LIMITS.rateLimit,
    maxRetries: STORYBLOK_CLIENT_LIMITS.maxRetries,
    retriesDelay: STORYBLOK_CLIENT_LIMITS.retriesDelayMs,
    timeout: STORYBLOK_CLIENT_LIMITS.timeoutSeconds,
    // Our own cache (content-cache.server.ts) holds the stories. No `cv` is
    // sent, so the CDN always redirects to the space's latest cache version.
    cache: { type: "none", clear: "manual", cv: "manual" },
    responseInterceptor: acceptSuccessStatuses,
    // Every request the client sends, retries included, waits for the pacer.
    fetch: async (input, init) => {
      await nextSlot();
      return fetch(input, init);
    },
  });
}

function describeFailure(error: unknown): { message: string; status?: number } {
  if (error && typeof error === "object") {
    const { message, status } = error as { message?: unknown; status?: unknown };
    return {
      message: typeof message === "string" && message ? message : "unknown error",
      status: typeof status === "number" ? status : undefined,
    };
  }
  return { message: String(error) };
}

/** The client rejects with a plain `{ message, status }` object, not an Error. */
function unavailable(error: unknown): ContentUnavailableError {
  const { message, status } = describeFailure(error);
  return new ContentUnavailableError(
    status ? `Storyblok answered HTTP ${status}: ${message}` : `Storyblok could not be reached: ${message}`,
    { status, cause: error },
  );
}

export function createStoryblokContentSource(options: StoryblokSourceOptions): ContentSource {
  const client = createStoryblokClient(options);
  return {
    kind: "storyblok",
    async listStories(language) {
      let stories: SurveyStory[];
      try {
        stories = (await client.getAll("cdn/stories", {
          version: "published",
          starts_with: "surveys/",
          is_startpage: false,
          per_page: STORYBLOK_CLIENT_LIMITS.perPage,
          // Storyblok's field-level translation: each field in the language, or the default where it has none (ADR 217).
          ...(language ? { language } : {}),
        })) as SurveyStory[];
      } catch (error) {
        throw unavailable(error);
      }
      // Keyed by full_slug: one story per slug, even if a page boundary shifted during paging.
      const bySlug = new Map<string, SurveyStory>();
      for (const story of stories) {
        if (language && story) withoutLanguagePrefix(story, language);
        if (story?.full_slug?.startsWith("surveys/") && story.content?.component === "survey") {
          bySlug.set(story.full_slug, story);
        }
      }
      return [...bySlug.values()];
    },
  };
}

/** A translated story's full_slug may carry the language's prefix ("de/surveys/…"): taken off. */
function withoutLanguagePrefix(story: SurveyStory, language: string): SurveyStory {
  if (story.full_slug?.startsWith(`${language}/`)) story.full_slug = story.full_slug.slice(language.length + 1);
  return story;
}

/** Reads one survey's draft through the space's preview token (the visual editor's preview, ADR 200). */
export interface StoryblokDraftReader {
  /**
   * The story's draft (its published version when it has no unpublished
   * changes); with a language, in that language (field-level translation,
   * ADR 240); null when it does not exist.
   */
  getDraftStory(fullSlug: string, language?: string): Promise<SurveyStory | null>;
}

export function createStoryblokDraftReader(options: StoryblokSourceOptions): StoryblokDraftReader {
  const client = createStoryblokClient(options);
  return {
    async getDraftStory(fullSlug, language) {
      try {
        const response = await client.get(`cdn/stories/${fullSlug}`, {
          version: "draft",
          ...(language ? { language } : {}),
        });
        let story = (response.data as { story?: SurveyStory } | undefined)?.story;
        if (story && language) story = withoutLanguagePrefix(story, language);
        return story?.full_slug === fullSlug && story.content?.component === "survey" ? story : null;
      } catch (error) {
        if (describeFailure(error).status === 404) return null;
        throw unavailable(error);
      }
    },
  };
}
