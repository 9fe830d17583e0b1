/**
 * The survey preview inside Storyblok's visual editor (ADR 200), in Chromium:
 * a page on another loopback origin (127.0.0.2, tests/fakes/storyblok-editor.ts)
 * frames the preview as the editor does, with no staff session. A valid
 * signed link shows the survey's draft from the fake CDN (read with the
 * preview token) and follows live edits through the bridge; a wrong or stale
 * link shows nothing, not even a framed sign-in page.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SurveyStory } from "~/lib/survey-content";
import { signEditorLink } from "~/server/surveys/editor-preview.server";
import { type FakeStoryblokCdn, startFakeStoryblokCdn } from "../fakes/storyblok-cdn";
import { type FakeStoryblokEditor, startFakeStoryblokEditor } from "../fakes/storyblok-editor";
import { expectConsoleError, jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld, type E2eWorld } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";

const TOKEN = "e2e-public-token";
const PREVIEW_TOKEN = "e2e-preview-token";
const SPACE_ID = "314159";
const DRAFT_DESCRIPTION = "Still a draft: changed in the editor, not yet published.";

let cdn: FakeStoryblokCdn;
let editor: FakeStoryblokEditor;
let app: AppServer<E2eWorld>;
let story: SurveyStory;
let surveyId: number;

/** The preview URL as the editor opens it: the story's id and the signed `_storyblok_tk` parameters. */
function editorLink(options: { timestamp?: number; token?: string } = {}): string {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const query = new URLSearchParams({
    _storyblok: String(story.id),
    "_storyblok_tk[space_id]": SPACE_ID,
    "_storyblok_tk[timestamp]": timestamp,
    "_storyblok_tk[token]": options.token ?? signEditorLink(SPACE_ID, PREVIEW_TOKEN, timestamp),
  });
  return `${app.baseURL}/survey/content/${surveyId}?${query}`;
}

/** A browser with no staff session opens the fake editor, which frames `previewUrl`. */
async function openInEditor(previewUrl: string, javaScriptEnabled: boolean): Promise<Page> {
  const page = await newPage({ javaScriptEnabled });
  await page.goto(editor.pageFor(previewUrl));
  return page;
}

beforeAll(async () => {
  story = JSON.parse(await readFile(path.resolve("content/surveys/class-climate.json"), "utf8")) as SurveyStory;
  cdn = await startFakeStoryblokCdn({ token: TOKEN, previewToken: PREVIEW_TOKEN, stories: [story] });
  cdn.setDrafts([{ ...story, content: { ...story.content, description: DRAFT_DESCRIPTION } } as SurveyStory]);
  editor = await startFakeStoryblokEditor();
  app = await startAppServer({
    env: {
      STORYBLOK_TOKEN: TOKEN,
      STORYBLOK_ENDPOINT: cdn.endpoint,
      STORYBLOK_PREVIEW_TOKEN: PREVIEW_TOKEN,
      STORYBLOK_SPACE_ID: SPACE_ID,
      STORYBLOK_EDITOR_ORIGINS: editor.origin,
      CONTENT_CACHE_TTL_SECONDS: "0",
    },
    fixtures: createE2eWorld,
  });
  const page = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.teacher);
  const response = await page.context().request.get(`${app.baseURL}/api/surveys`);
  const { data } = (await response.json()) as { data: { id: number; fullSlug: string }[] };
  surveyId = data.find((survey) => survey.fullSlug === story.full_slug)!.id;
});

afterAll(async () => {
  await app?.stop();
  await editor?.close();
  await cdn?.close();
});

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("framed by the editor with a valid link, the preview shows the survey's draft and nothing of the staff screens", async () => {
    const page = await openInEditor(editorLink(), javaScriptEnabled);
    const preview = page.frameLocator("#preview");
    await expect.poll(() => preview.locator("h1#survey-title").textContent()).toBe("Class climate");
    expect(await preview.locator("article.survey-preview header").textContent()).toContain(DRAFT_DESCRIPTION);
    expect(await preview.locator("#survey-responses").count()).toBe(1);
    // No header, no profile menu, no way into the staff screens.
    expect(await preview.locator("header.app-header").count()).toBe(0);
    expect(await preview.locator('a[href="/survey"]').count()).toBe(0);
    expect(await preview.getByText("Read-only preview").count()).toBe(1);
  });

  test("framed with a wrong or stale link, the frame shows no survey and no sign-in page", async () => {
    const stale = Math.floor(Date.now() / 1000) - 3601;
    for (const link of [editorLink({ token: "0".repeat(40) }), editorLink({ timestamp: stale })]) {
      const page = await newPage({ javaScriptEnabled });
      // The preview sends the visitor to sign in, and the sign-in page refuses to be framed.
      expectConsoleError(page, /frame-ancestors 'none'/);
      await page.goto(editor.pageFor(link));
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
      expect(frame).toBeDefined();
      await frame!.waitForLoadState("load");
      expect(new URL(frame!.url()).origin).not.toBe(app.baseURL);
      const preview = page.frameLocator("#preview");
      expect(await preview.locator("#survey-title").count()).toBe(0);
      expect(await preview.locator('input[type="password"]').count()).toBe(0);
      expect(await preview.getByText(DRAFT_DESCRIPTION).count()).toBe(0);
    }
  });
});

test("edits made in the editor show at once through the bridge (JS on)", async () => {
  const page = await openInEditor(editorLink(), true);
  const preview = page.frameLocator("#preview");
  await expect.poll(() => preview.locator("h1#survey-title").textContent()).toBe("Class climate");
  // The bridge greets the editor that framed it (its origin from the referrer) once it listens.
  await page.waitForFunction(() =>
    (window as unknown as { received: { action?: string }[] }).received.some((m) => m.action === "initialized"),
  );
  const edited = { ...story, content: { ...story.content, title: "Class climate, edited live" } };
  await page.evaluate(
    (message) => (window as unknown as { sendToPreview: (m: unknown) => void }).sendToPreview(message),
    { action: "input", story: edited },
  );
  await expect.poll(() => preview.locator("h1#survey-title").textContent()).toBe("Class climate, edited live");
});

test("a page of another origin in the editor's window cannot change the preview: only the editor's messages reach the bridge", async () => {
  const hijacked = { ...story, content: { ...story.content, title: "Hijacked by another site" } };
  const page = await newPage({ javaScriptEnabled: true });
  await page.goto(editor.pageFor(editorLink(), { intruderMessage: { action: "input", story: hijacked } }));
  const preview = page.frameLocator("#preview");
  await page.waitForFunction(() =>
    (window as unknown as { received: { action?: string }[] }).received.some((m) => m.action === "initialized"),
  );
  // The intruder posts every 100 ms; give it a second with the bridge listening.
  await page.waitForTimeout(1_000);
  expect(await preview.locator("h1#survey-title").textContent()).toBe("Class climate");
  const edited = { ...story, content: { ...story.content, title: "Class climate, from the editor" } };
  await page.evaluate(
    (message) => (window as unknown as { sendToPreview: (m: unknown) => void }).sendToPreview(message),
    { action: "input", story: edited },
  );
  await expect.poll(() => preview.locator("h1#survey-title").textContent()).toBe("Class climate, from the editor");
  await page.waitForTimeout(500);
  expect(await preview.locator("h1#survey-title").textContent()).toBe("Class climate, from the editor");
});
