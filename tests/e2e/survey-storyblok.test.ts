/**
 * The app on Storyblok (a fake CDN, a real HTTP server on 127.0.0.1, reached
 * through STORYBLOK_ENDPOINT): previews come from the CDN, and a CDN failure
 * is a clear message on the page (with the last good copy when there is
 * one), never a 500. JavaScript on and off. The teacher is the file's own
 * (tests/support/e2e-world.ts).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SurveyStory } from "~/lib/survey-content";
import { type FakeStoryblokCdn, startFakeStoryblokCdn } from "../fakes/storyblok-cdn";
import { expectConsoleError, jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld, type E2eWorld } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";

const TOKEN = "e2e-public-token";

let cdn: FakeStoryblokCdn;
let app: AppServer<E2eWorld>;
let surveyId: number;

/** A page signed in as the teacher of the given server's own world. */
async function teacherPage(server: AppServer<E2eWorld>, javaScriptEnabled: boolean): Promise<Page> {
  const page = await newPage({ javaScriptEnabled, baseURL: server.baseURL });
  await signIn(page.context(), server, server.fixtures.sessions.teacher);
  return page;
}

beforeAll(async () => {
  const dir = path.resolve("content/surveys");
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith(".json"));
  const stories = await Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), "utf8")) as SurveyStory),
  );
  // Edited in Storyblok: the preview must show the CDN's copy, not the local file.
  const edited = stories.map((story) =>
    story.full_slug === "surveys/class-climate"
      ? { ...story, content: { ...story.content, description: "Straight from the Storyblok CDN." } }
      : story,
  );
  cdn = await startFakeStoryblokCdn({ token: TOKEN, stories: edited });
  app = await startAppServer({
    env: { STORYBLOK_TOKEN: TOKEN, STORYBLOK_ENDPOINT: cdn.endpoint, CONTENT_CACHE_TTL_SECONDS: "0" },
    fixtures: createE2eWorld,
  });
  const page = await teacherPage(app, false);
  const response = await page.context().request.get(`${app.baseURL}/api/surveys`);
  const { data } = (await response.json()) as { data: { id: number; fullSlug: string }[] };
  surveyId = data.find((survey) => survey.fullSlug === "surveys/class-climate")!.id;
});

afterAll(async () => {
  await app?.stop();
  await cdn?.close();
});

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("the preview comes from Storyblok; when it fails, the page says so and keeps the last good copy", async () => {
    const page = await teacherPage(app, javaScriptEnabled);
    cdn.failAlways(null);
    const fresh = await page.goto(`/survey/content/${surveyId}`);
    expect(fresh?.status()).toBe(200);
    expect(await page.locator("article.survey-preview header").textContent()).toContain(
      "Straight from the Storyblok CDN.",
    );
    expect(await page.getByRole("status").count()).toBe(0);

    cdn.failAlways(500);
    const stale = await page.goto(`/survey/content/${surveyId}`);
    expect(stale?.status()).toBe(200);
    expect(await page.getByRole("status").first().textContent()).toContain(
      "The survey content service is not answering right now. You are seeing the last copy we loaded",
    );
    expect(await page.locator("h1#survey-title").textContent()).toBe("Class climate");
    expect(await page.locator("#survey-responses").count()).toBe(1);
    cdn.failAlways(null);
  });
});

test("with nothing cached, a failing CDN gives a clear message and a 503, never a 500", async () => {
  // Down from the start: the start-up sync fails too (logged), and the server still starts.
  cdn.failAlways(503);
  const fresh = await startAppServer({
    env: { STORYBLOK_TOKEN: TOKEN, STORYBLOK_ENDPOINT: cdn.endpoint, CONTENT_CACHE_TTL_SECONDS: "60" },
    fixtures: createE2eWorld,
  });
  try {
    const page = await teacherPage(fresh, false);
    // The browser reports the page's own 503, which is what this test asks for.
    expectConsoleError(page, /^Failed to load resource: the server responded with a status of 503/);
    const response = await page.goto(`${fresh.baseURL}/survey/content/${surveyId}`);
    expect(response?.status()).toBe(503);
    expect(await page.getByRole("status").first().textContent()).toContain(
      "The survey content service is not answering right now, so this preview cannot be loaded.",
    );
    expect(await page.locator("h1").first().textContent()).toBe("Class climate");
    expect(await page.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe(
      `/survey/content/${surveyId}`,
    );
  } finally {
    cdn.failAlways(null);
    await fresh.stop();
  }
});
