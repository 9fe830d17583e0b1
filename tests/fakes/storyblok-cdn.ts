/**
 * A fake of Storyblok's Content Delivery API: a real node:http server on
 * 127.0.0.1, used through STORYBLOK_ENDPOINT (`fake.endpoint`).
 *
 *   const cdn = await startFakeStoryblokCdn({ token: "test-token", stories });
 *   cdn.failNext(3, 429);       // the next 3 requests answer 429
 *   cdn.storyRequests           // how many /v2/cdn/stories requests arrived
 *
 * It answers GET /v2/cdn/stories like the real CDN: token check,
 * starts_with and is_startpage filters, page / per_page paging with the
 * `total` and `per-page` headers, and `{ stories, cv, rels, links }`; with
 * `language=<code>`, field-level translation as the real CDN does it: each
 * story in that language where it has a translation (`setTranslations`),
 * else its default, with the language's prefix on `full_slug`.
 *
 * GET /v2/cdn/stories/{full_slug} answers `{ story }`: with `version=draft`
 * and the space's preview token (`previewToken`), the story's draft
 * (`setDrafts`) or, without one, its published version; the public token
 * reads published stories only, as on the real CDN. With `language=<code>`,
 * the story's translation (`setTranslations`) where it has one, else the
 * story, with the language's prefix on `full_slug`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Any story shape with a full_slug (SurveyStory fits). */
export interface FakeStory {
  full_slug: string;
  is_startpage?: boolean;
}

export interface RecordedRequest {
  path: string;
  query: URLSearchParams;
  /** When it arrived (performance.now(), ms). */
  at: number;
}

export interface FakeStoryblokCdn {
  /** Base URL for STORYBLOK_ENDPOINT, e.g. http://127.0.0.1:40123/v2 */
  readonly endpoint: string;
  readonly requests: RecordedRequest[];
  /** Requests to /v2/cdn/stories (and one story's path), failed ones included. */
  readonly storyRequests: number;
  setStories(stories: FakeStory[]): void;
  /** Unpublished changes, by full_slug: what `version=draft` with the preview token answers. */
  setDrafts(drafts: FakeStory[]): void;
  /** Stories as translated into `language` (matched by full_slug): what `language=<code>` answers. */
  setTranslations(language: string, stories: FakeStory[]): void;
  /** The next `times` story requests answer `status` (e.g. 429) instead of content. */
  failNext(times: number, status: number): void;
  /** Every story request answers `status` until cleared with null. */
  failAlways(status: number | null): void;
  /** Successful answers use this status (200 by default; 200–206 are all success). */
  setSuccessStatus(status: number): void;
  /** Wait this long before answering a story request. */
  setDelay(ms: number): void;
  resetCounts(): void;
  close(): Promise<void>;
}

export async function startFakeStoryblokCdn(options: {
  token: string;
  /** The space's preview token: reads drafts as well. */
  previewToken?: string;
  stories?: FakeStory[];
}): Promise<FakeStoryblokCdn> {
  let stories = options.stories ?? [];
  let drafts: FakeStory[] = [];
  const translations = new Map<string, FakeStory[]>();
  let failures: { times: number; status: number } | null = null;
  let failStatus: number | null = null;
  let successStatus = 200;
  let delayMs = 0;
  const requests: RecordedRequest[] = [];
  const cv = 1_760_000_000;

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ path: url.pathname, query: url.searchParams, at: performance.now() });
    const storyPath = url.pathname.match(/^\/v2\/cdn\/stories\/(.+)$/);
    if (req.method !== "GET" || (url.pathname !== "/v2/cdn/stories" && !storyPath)) {
      return send(res, 404, { error: "This record could not be found" });
    }
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (failures && failures.times > 0) {
      failures.times--;
      const { status } = failures;
      if (failures.times === 0) failures = null;
      return send(res, status, status === 429 ? { error: "Too Many Requests" } : { error: "Internal Server Error" });
    }
    if (failStatus !== null) return send(res, failStatus, { error: "Service Unavailable" });
    const token = url.searchParams.get("token");
    const isPreviewToken = Boolean(options.previewToken) && token === options.previewToken;
    if (token !== options.token && !isPreviewToken) return send(res, 401, { error: "Unauthorized" });
    if (storyPath) {
      const slug = decodeURIComponent(storyPath[1]);
      const draft = url.searchParams.get("version") === "draft";
      if (draft && !isPreviewToken) return send(res, 401, { error: "Unauthorized" });
      const story =
        (draft ? drafts.find((s) => s.full_slug === slug) : undefined) ?? stories.find((s) => s.full_slug === slug);
      if (!story) return send(res, 404, { error: "This record could not be found" });
      const storyLanguage = url.searchParams.get("language");
      if (!storyLanguage) return send(res, successStatus, { story, cv, rels: [], links: [] });
      // In a language: its translation where it has one, else the story itself, with the language's prefix.
      const translated = translations.get(storyLanguage)?.find((candidate) => candidate.full_slug === slug) ?? story;
      return send(res, successStatus, {
        story: { ...translated, full_slug: `${storyLanguage}/${slug}` },
        cv,
        rels: [],
        links: [],
      });
    }

    const startsWith = url.searchParams.get("starts_with") ?? "";
    const isStartpage = url.searchParams.get("is_startpage");
    const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 25) || 25, 100);
    const page = Math.max(Number(url.searchParams.get("page") ?? 1) || 1, 1);
    const language = url.searchParams.get("language");
    const inLanguage = language
      ? stories.map((story) => ({
          ...(translations.get(language)?.find((translated) => translated.full_slug === story.full_slug) ?? story),
          full_slug: `${language}/${story.full_slug}`,
        }))
      : stories;
    const matching = inLanguage.filter(
      (story) =>
        story.full_slug.replace(language ? `${language}/` : "", "").startsWith(startsWith) &&
        (isStartpage === null || Boolean(story.is_startpage) === (isStartpage === "true" || isStartpage === "1")),
    );
    const pageStories = matching.slice((page - 1) * perPage, page * perPage);
    return send(
      res,
      successStatus,
      { stories: pageStories, cv, rels: [], links: [] },
      { total: String(matching.length), "per-page": String(perPage) },
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}/v2`,
    requests,
    get storyRequests() {
      return requests.filter((request) => request.path.startsWith("/v2/cdn/stories")).length;
    },
    setStories(next) {
      stories = next;
    },
    setDrafts(next) {
      drafts = next;
    },
    setTranslations(language, next) {
      translations.set(language, next);
    },
    failNext(times, status) {
      failures = { times, status };
    },
    failAlways(status) {
      failStatus = status;
    },
    setSuccessStatus(status) {
      successStatus = status;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    resetCounts() {
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
