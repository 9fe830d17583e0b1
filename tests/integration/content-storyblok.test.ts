/**
 * The Storyblok content source, the content cache and the registry against
 * a fake Storyblok CDN (a real HTTP server on 127.0.0.1) through the
 * endpoint setting: paging, keying by full_slug, the 429 retry, coalescing,
 * and what a content-service failure looks like.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import type { SurveyStory } from "~/lib/survey-content";
import type { Db } from "~/server/db/client.server";
import { surveys } from "~/server/db/schema.server";
import { isDomainError } from "~/server/errors.server";
import { createContent, createContentSource } from "~/server/surveys/content.server";
import { createCachedContent } from "~/server/surveys/content-cache.server";
import { ContentUnavailableError } from "~/server/surveys/content-source.server";
import { createStoryblokContentSource } from "~/server/surveys/storyblok-source.server";
import {
  CONTENT_STALE_MESSAGE,
  CONTENT_UNAVAILABLE_MESSAGE,
  getSurveyStory,
  syncSurveys,
  syncSurveysAsAdmin,
} from "~/server/surveys/surveys.server";
import { receiveContentWebhook, signWebhookBody } from "~/server/surveys/webhook.server";
import { type FakeStoryblokCdn, startFakeStoryblokCdn } from "../fakes/storyblok-cdn";
import { createTestDatabase } from "../support/database";

const TOKEN = "fake-public-token";
const SECRET = "a-webhook-secret-of-32-characters";

function story(slug: string, title = slug, extra: Partial<SurveyStory> = {}): SurveyStory {
  return {
    name: title,
    full_slug: `surveys/${slug}`,
    content: {
      _uid: `${slug}-root`,
      component: "survey",
      title,
      response: [{ _uid: `${slug}-r`, component: "response-art", prompt: "Draw" }],
    },
    ...extra,
  };
}

async function sampleStories(): Promise<SurveyStory[]> {
  const dir = path.resolve("content/surveys");
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith(".json")).sort();
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), "utf8")) as SurveyStory),
  );
}

let cdn: FakeStoryblokCdn;
let db: Db;

beforeAll(async () => {
  cdn = await startFakeStoryblokCdn({ token: TOKEN, stories: await sampleStories() });
  ({ db } = await createTestDatabase());
});

afterAll(async () => {
  await cdn.close();
});

afterEach(async () => {
  cdn.setStories(await sampleStories());
  cdn.failNext(0, 200);
  cdn.failAlways(null);
  cdn.setSuccessStatus(200);
  cdn.setDelay(0);
  cdn.resetCounts();
  vi.restoreAllMocks();
});

function storyblokSource() {
  return createStoryblokContentSource({ accessToken: TOKEN, endpoint: cdn.endpoint });
}

test("STORYBLOK_TOKEN selects Storyblok; without it the local content is used", () => {
  const base = { CONTENT_DIR: "./content", CONTENT_CACHE_TTL_SECONDS: 60 };
  expect(createContentSource({ ...base, STORYBLOK_TOKEN: TOKEN, STORYBLOK_ENDPOINT: cdn.endpoint }).kind).toBe(
    "storyblok",
  );
  expect(createContentSource({ ...base, STORYBLOK_TOKEN: undefined, STORYBLOK_ENDPOINT: undefined }).kind).toBe(
    "local",
  );
  // An app's content: the configured source behind the app's own cache.
  const content = createContent({ ...base, STORYBLOK_TOKEN: undefined, STORYBLOK_ENDPOINT: undefined }, { warn() {} });
  expect(content.kind).toBe("local");
  expect(content.upstreamFetches).toBe(0);
});

test("asks for published survey stories without start pages, 25 a page, with the token", async () => {
  await storyblokSource().listStories();
  const [request] = cdn.requests;
  expect(request.path).toBe("/v2/cdn/stories");
  expect(Object.fromEntries(request.query)).toMatchObject({
    token: TOKEN,
    version: "published",
    starts_with: "surveys/",
    is_startpage: "false",
    per_page: "25",
    page: "1",
  });
  // No cache version is pinned, so every refresh sees the latest published content (ADR 020).
  expect(request.query.has("cv")).toBe(false);
});

test("fetches every page and keys stories by full_slug", async () => {
  const many = Array.from({ length: 60 }, (_, index) => story(`bulk-${String(index).padStart(2, "0")}`));
  cdn.setStories([
    ...many,
    story("index", "Surveys folder", { is_startpage: true } as Partial<SurveyStory>),
    {
      name: "Not a survey",
      full_slug: "pages/about",
      content: { _uid: "p", component: "page" },
    } as unknown as SurveyStory,
  ]);
  const stories = await storyblokSource().listStories();
  expect(cdn.storyRequests).toBe(3);
  expect(cdn.requests.map((request) => request.query.get("page"))).toEqual(["1", "2", "3"]);
  expect(stories).toHaveLength(60);
  expect(new Set(stories.map((s) => s.full_slug)).size).toBe(60);
  expect(stories.map((s) => s.full_slug)).not.toContain("surveys/index");
});

test("a story seen twice (it moved between pages while paging) is kept once", async () => {
  const many = Array.from({ length: 30 }, (_, index) => story(`dup-${String(index).padStart(2, "0")}`));
  cdn.setStories([...many.slice(0, 25), many[24], ...many.slice(25)]);
  const stories = await storyblokSource().listStories();
  expect(stories.filter((s) => s.full_slug === "surveys/dup-24")).toHaveLength(1);
  expect(stories).toHaveLength(30);
});

test("HTTP 429 is retried every 300 ms until it succeeds", async () => {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  cdn.failNext(3, 429);
  const startedAt = performance.now();
  const stories = await storyblokSource().listStories();
  const elapsed = performance.now() - startedAt;
  expect(stories.length).toBeGreaterThanOrEqual(8);
  expect(cdn.storyRequests).toBe(4);
  expect(elapsed).toBeGreaterThanOrEqual(3 * 300 - 20);
  expect(log).toHaveBeenCalledTimes(3);
});

/** The most story requests that arrived within any one second. */
function busiestSecond(): number {
  const times = cdn.requests.filter((request) => request.path === "/v2/cdn/stories").map((request) => request.at);
  return Math.max(0, ...times.map((start) => times.filter((at) => at >= start && at < start + 1000).length));
}

test("the client keeps to 5 requests per second while it pages and retries 429s", async () => {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  cdn.setStories(Array.from({ length: 250 }, (_, index) => story(`paged-${String(index).padStart(3, "0")}`)));
  cdn.resetCounts();
  cdn.failNext(6, 429);
  const stories = await storyblokSource().listStories();
  expect(stories).toHaveLength(250);
  expect(cdn.storyRequests).toBe(10 + 6);
  expect(log).toHaveBeenCalledTimes(6);
  expect(busiestSecond()).toBeLessThanOrEqual(5);
}, 20_000);

test("after 10 retries a 429 becomes a content-unavailable error", async () => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  cdn.failAlways(429);
  const error = await storyblokSource()
    .listStories()
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ContentUnavailableError);
  expect((error as ContentUnavailableError).status).toBe(429);
  expect(cdn.storyRequests).toBe(11);
}, 15_000);

test("statuses 200 to 206 count as success", async () => {
  for (const status of [201, 203, 206]) {
    cdn.setSuccessStatus(status);
    const stories = await storyblokSource().listStories();
    expect(stories.length).toBeGreaterThanOrEqual(8);
  }
});

test("a wrong token or a CDN that is down becomes a content-unavailable error, not a crash", async () => {
  const wrongToken = createStoryblokContentSource({ accessToken: "nope", endpoint: cdn.endpoint });
  await expect(wrongToken.listStories()).rejects.toThrow(/Storyblok answered HTTP 401/);
  const refused = createStoryblokContentSource({ accessToken: TOKEN, endpoint: "http://127.0.0.1:9/v2" });
  await expect(refused.listStories()).rejects.toThrow(/Storyblok could not be reached/);
});

test("100 concurrent preview requests cause one upstream fetch", async () => {
  await syncSurveys(db, createCachedContent(storyblokSource(), { ttlMs: 60_000 }));
  const [{ id }] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(eq(surveys.fullSlug, "surveys/reading-habits"));
  cdn.resetCounts();
  cdn.setDelay(50);
  const content = createCachedContent(storyblokSource(), { ttlMs: 60_000 });
  const previews = await Promise.all(Array.from({ length: 100 }, () => getSurveyStory(db, content, id)));
  expect(cdn.storyRequests).toBe(1);
  expect(content.upstreamFetches).toBe(1);
  expect(new Set(previews.map((preview) => preview.story?.content.title))).toEqual(new Set(["Reading habits"]));
  // Within the TTL, later requests are served from the cache.
  await getSurveyStory(db, content, id);
  expect(cdn.storyRequests).toBe(1);
});

test("a failure shows a clear message and the last good copy when one is cached", async () => {
  const content = createCachedContent(storyblokSource(), { ttlMs: 0, failureHoldMs: 0 });
  await syncSurveys(db, content);
  const [{ id }] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(eq(surveys.fullSlug, "surveys/class-climate"));
  const fresh = await getSurveyStory(db, content, id);
  expect(fresh.contentError).toBeNull();

  cdn.failAlways(500);
  const stale = await getSurveyStory(db, content, id);
  expect(stale.contentError).toBe(CONTENT_STALE_MESSAGE);
  expect(stale.story?.content.title).toBe("Class climate");
  expect(stale.staleSince).not.toBeNull();
});

test("a failure with nothing cached shows a clear message and no story", async () => {
  await syncSurveys(db, createCachedContent(storyblokSource(), { ttlMs: 0 }));
  const [{ id }] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(eq(surveys.fullSlug, "surveys/class-climate"));
  cdn.resetCounts();
  cdn.failAlways(503);
  const content = createCachedContent(storyblokSource(), { ttlMs: 60_000 });
  const preview = await getSurveyStory(db, content, id);
  expect(preview).toMatchObject({ story: null, contentError: CONTENT_UNAVAILABLE_MESSAGE, staleSince: null });
  // The failure is held briefly: a burst of visitors does not hammer a broken CDN.
  await getSurveyStory(db, content, id);
  expect(cdn.storyRequests).toBe(1);
});

test("an unknown survey id, or a story no longer published, is NOT_FOUND", async () => {
  const content = createCachedContent(storyblokSource(), { ttlMs: 0 });
  await syncSurveys(db, content);
  const unknown = await getSurveyStory(db, content, 999_999).catch((e: unknown) => e);
  expect(isDomainError(unknown) && unknown.code).toBe("NOT_FOUND");

  const [{ id }] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(eq(surveys.fullSlug, "surveys/reading-habits"));
  cdn.setStories((await sampleStories()).filter((s) => s.full_slug !== "surveys/reading-habits"));
  const gone = await getSurveyStory(db, content, id).catch((e: unknown) => e);
  expect(isDomainError(gone) && gone.code).toBe("NOT_FOUND");
});

test("the registry follows the content: new stories are added, removed ones marked, titles cached", async () => {
  const content = createCachedContent(storyblokSource(), { ttlMs: 60_000 });
  cdn.setStories([...(await sampleStories()), story("new-one", "A brand new survey")]);
  await syncSurveys(db, content);
  const [added] = await db.select().from(surveys).where(eq(surveys.fullSlug, "surveys/new-one"));
  expect(added).toMatchObject({ title: "A brand new survey", removedAt: null });

  cdn.setStories(await sampleStories());
  const summary = await syncSurveys(db, content);
  expect(summary.removed).toBe(1);
  const [removed] = await db.select().from(surveys).where(eq(surveys.fullSlug, "surveys/new-one"));
  expect(removed.removedAt).not.toBeNull();
});

test("the webhook refuses a missing or wrong secret", async () => {
  const content = createCachedContent(storyblokSource(), { ttlMs: 60_000 });
  const body = JSON.stringify({ action: "published", full_slug: "surveys/class-climate" });
  const attempts = [
    new Request("http://localhost/api/content/webhook", { method: "POST", body }),
    new Request("http://localhost/api/content/webhook", {
      method: "POST",
      body,
      headers: { "webhook-signature": signWebhookBody("wrong", body) },
    }),
    new Request("http://localhost/api/content/webhook", {
      method: "POST",
      body,
      headers: { authorization: "Bearer wrong-secret" },
    }),
  ];
  for (const request of attempts) {
    const error = await receiveContentWebhook(request, { db, content, secret: SECRET }).catch((e: unknown) => e);
    expect(isDomainError(error) && error.status).toBe(401);
  }
  // No secret configured: the webhook is closed.
  const unconfigured = await receiveContentWebhook(
    new Request("http://localhost/", { method: "POST", body, headers: { authorization: "Bearer " } }),
    { db, content, secret: undefined },
  ).catch((e: unknown) => e);
  expect(isDomainError(unconfigured) && unconfigured.status).toBe(401);
  expect(cdn.storyRequests).toBe(0);
});

test("a signed webhook drops the cached content and re-syncs the registry", async () => {
  const content = createCachedContent(storyblokSource(), { ttlMs: 60_000 });
  await syncSurveys(db, content);
  const fetchesBefore = content.upstreamFetches;
  cdn.setStories([...(await sampleStories()), story("from-webhook", "Published a minute ago")]);

  const body = JSON.stringify({
    text: "The story was published",
    action: "published",
    space_id: 1,
    story_id: 7,
    full_slug: "surveys/from-webhook",
  });
  const result = await receiveContentWebhook(
    new Request("http://localhost/api/content/webhook", {
      method: "POST",
      body,
      headers: { "webhook-signature": signWebhookBody(SECRET, body) },
    }),
    { db, content, secret: SECRET },
  );
  expect(result).toMatchObject({ action: "published", fullSlug: "surveys/from-webhook" });
  expect(content.upstreamFetches).toBe(fetchesBefore + 1);
  const [row] = await db.select().from(surveys).where(eq(surveys.fullSlug, "surveys/from-webhook"));
  expect(row.title).toBe("Published a minute ago");

  const bearer = await receiveContentWebhook(
    new Request("http://localhost/api/content/webhook", {
      method: "POST",
      body: "",
      headers: { authorization: `Bearer ${SECRET}` },
    }),
    { db, content, secret: SECRET },
  );
  expect(bearer.sync.total).toBe((await sampleStories()).length + 1);
});

test("the admin sync action re-reads the content for admins and refuses everyone else", async () => {
  const content = createCachedContent(storyblokSource(), { ttlMs: 60_000 });
  await content.read();
  const refused = await syncSurveysAsAdmin({ role: "teacher" }, { db, content }).catch((e: unknown) => e);
  expect(isDomainError(refused) && refused.code).toBe("FORBIDDEN");
  expect(content.upstreamFetches).toBe(1);

  const summary = await syncSurveysAsAdmin({ role: "admin" }, { db, content });
  expect(summary.total).toBe((await sampleStories()).length);
  expect(content.upstreamFetches).toBe(2);
});
