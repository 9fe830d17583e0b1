/**
 * The survey preview inside Storyblok's visual editor (ADR 200): the check
 * of the editor's signed link (`_storyblok_tk[...]`), the draft read with the
 * preview token from a fake Storyblok CDN (a real HTTP server on 127.0.0.1),
 * and, through the whole app in process, who may see the preview and who may
 * frame it.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { SurveyStory } from "~/lib/survey-content";
import { parseConfig } from "~/server/config.server";
import { isDomainError } from "~/server/errors.server";
import { createDraftReader } from "~/server/surveys/content.server";
import {
  checkEditorLink,
  EDITOR_LINK_LIFETIME_SECONDS,
  getEditorSurveyPreview,
  isEditorPreviewRequest,
  signEditorLink,
} from "~/server/surveys/editor-preview.server";
import { findRegisteredSurvey, listSurveys } from "~/server/surveys/surveys.server";
import { type FakeStoryblokCdn, startFakeStoryblokCdn } from "../fakes/storyblok-cdn";
import { type InProcessApp, startInProcessApp } from "../support/app-handler";

const TOKEN = "integration-public-token";
const PREVIEW_TOKEN = "integration-preview-token";
const SPACE_ID = "424242";
const SETTINGS = { STORYBLOK_SPACE_ID: SPACE_ID, STORYBLOK_PREVIEW_TOKEN: PREVIEW_TOKEN };
const NOW_MS = Date.parse("2026-11-26T09:00:00Z");
const NOW_SECONDS = NOW_MS / 1000;
const DRAFT_DESCRIPTION = "A draft nobody has published yet.";

/** The query Storyblok's editor adds to the preview URL, signed as Storyblok signs it. */
function editorQuery(
  options: { spaceId?: string; timestamp?: number; previewToken?: string; token?: string } = {},
): URLSearchParams {
  const spaceId = options.spaceId ?? SPACE_ID;
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const token = options.token ?? signEditorLink(spaceId, options.previewToken ?? PREVIEW_TOKEN, timestamp);
  return new URLSearchParams({
    _storyblok: "91001",
    "_storyblok_tk[space_id]": spaceId,
    "_storyblok_tk[timestamp]": timestamp,
    "_storyblok_tk[token]": token,
  });
}

let cdn: FakeStoryblokCdn;
let server: InProcessApp;
let published: SurveyStory;
let surveyId: number;

beforeAll(async () => {
  published = JSON.parse(await readFile(path.resolve("content/surveys/class-climate.json"), "utf8")) as SurveyStory;
  cdn = await startFakeStoryblokCdn({ token: TOKEN, previewToken: PREVIEW_TOKEN, stories: [published] });
  cdn.setDrafts([{ ...published, content: { ...published.content, description: DRAFT_DESCRIPTION } } as SurveyStory]);
  server = await startInProcessApp({
    env: {
      STORYBLOK_TOKEN: TOKEN,
      STORYBLOK_ENDPOINT: cdn.endpoint,
      STORYBLOK_PREVIEW_TOKEN: PREVIEW_TOKEN,
      STORYBLOK_SPACE_ID: SPACE_ID,
      STORYBLOK_EDITOR_ORIGINS: "https://app.storyblok.com http://127.0.0.2:4567",
    },
  });
  const [survey] = await listSurveys(server.app.db);
  surveyId = survey.id;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await cdn?.close();
});

test("a link signed as Storyblok signs it (SHA-1 of space_id:preview_token:timestamp), less than an hour old, is valid", () => {
  const timestamp = String(NOW_SECONDS - 60);
  expect(signEditorLink(SPACE_ID, PREVIEW_TOKEN, timestamp)).toMatch(/^[0-9a-f]{40}$/);
  expect(checkEditorLink(editorQuery({ timestamp: NOW_SECONDS - 60 }), SETTINGS, NOW_MS)).toEqual({ ok: true });
  expect(
    checkEditorLink(editorQuery({ timestamp: NOW_SECONDS - EDITOR_LINK_LIFETIME_SECONDS + 1 }), SETTINGS, NOW_MS),
  ).toEqual({ ok: true });
});

test("a wrong token is refused: another preview token, or a token changed by one character", () => {
  const other = editorQuery({ timestamp: NOW_SECONDS, previewToken: "someone-elses-preview-token" });
  expect(checkEditorLink(other, SETTINGS, NOW_MS)).toEqual({ ok: false, reason: "wrong-token" });
  const valid = signEditorLink(SPACE_ID, PREVIEW_TOKEN, String(NOW_SECONDS));
  const changed = `${valid.slice(0, -1)}${valid.endsWith("0") ? "1" : "0"}`;
  expect(checkEditorLink(editorQuery({ timestamp: NOW_SECONDS, token: changed }), SETTINGS, NOW_MS)).toEqual({
    ok: false,
    reason: "wrong-token",
  });
});

test("a stale timestamp (an hour old or more) is refused, and so is one from the future or not a number", () => {
  for (const timestamp of [NOW_SECONDS - EDITOR_LINK_LIFETIME_SECONDS, NOW_SECONDS - 86_400, NOW_SECONDS + 3600]) {
    expect(checkEditorLink(editorQuery({ timestamp }), SETTINGS, NOW_MS)).toEqual({ ok: false, reason: "stale" });
  }
  const query = editorQuery({ timestamp: NOW_SECONDS });
  for (const timestamp of ["1e12", "-1", "0x10", "17643e5", " 1764147600"]) {
    query.set("_storyblok_tk[timestamp]", timestamp);
    query.set("_storyblok_tk[token]", signEditorLink(SPACE_ID, PREVIEW_TOKEN, timestamp));
    expect(checkEditorLink(query, SETTINGS, NOW_MS)).toEqual({ ok: false, reason: "stale" });
  }
});

test("a link for another space is refused, even when signed with our preview token", () => {
  const query = editorQuery({ spaceId: "999", timestamp: NOW_SECONDS });
  expect(checkEditorLink(query, SETTINGS, NOW_MS)).toEqual({ ok: false, reason: "wrong-space" });
});

test("missing parameters, or no preview token configured, never count as the editor", () => {
  const query = editorQuery({ timestamp: NOW_SECONDS });
  query.delete("_storyblok_tk[token]");
  expect(checkEditorLink(query, SETTINGS, NOW_MS)).toEqual({ ok: false, reason: "missing" });
  expect(checkEditorLink(editorQuery({ timestamp: NOW_SECONDS }), {}, NOW_MS)).toEqual({
    ok: false,
    reason: "not-configured",
  });
});

test("a valid link opens the survey preview only, not any other page", () => {
  const query = editorQuery({ timestamp: NOW_SECONDS }).toString();
  const at = (pathname: string) => new Request(`http://school.test${pathname}?${query}`);
  expect(isEditorPreviewRequest(at("/survey/content/7"), SETTINGS, NOW_MS)).toBe(true);
  expect(isEditorPreviewRequest(at("/survey/content/7.data"), SETTINGS, NOW_MS)).toBe(true);
  for (const pathname of ["/survey", "/admin/staff", "/survey/content/7/x", "/api/surveys", "/home"]) {
    expect(isEditorPreviewRequest(at(pathname), SETTINGS, NOW_MS)).toBe(false);
  }
});

test("the configuration asks for the space id and the public token with the preview token", () => {
  const base = { NODE_ENV: "test", DATA_DIR: "memory://", SESSION_SECRET: "x".repeat(32) };
  expect(() => parseConfig({ ...base, STORYBLOK_PREVIEW_TOKEN: "p", STORYBLOK_TOKEN: "t" })).toThrow(
    /STORYBLOK_PREVIEW_TOKEN needs STORYBLOK_TOKEN and STORYBLOK_SPACE_ID/,
  );
  expect(() => parseConfig({ ...base, STORYBLOK_SPACE_ID: "abc" })).toThrow(/STORYBLOK_SPACE_ID/);
  expect(() => parseConfig({ ...base, STORYBLOK_EDITOR_ORIGINS: "https://app.storyblok.com/editor" })).toThrow(
    /STORYBLOK_EDITOR_ORIGINS/,
  );
  expect(parseConfig(base).storyblokEditorOrigins).toEqual([
    "https://app.storyblok.com",
    "https://app.storyblokchina.cn",
  ]);
});

test("the editor preview reads the story's draft with the preview token, never cached", async () => {
  const drafts = createDraftReader({ STORYBLOK_PREVIEW_TOKEN: PREVIEW_TOKEN, STORYBLOK_ENDPOINT: cdn.endpoint })!;
  cdn.resetCounts();
  const first = await getEditorSurveyPreview(server.app.db, drafts, surveyId);
  expect(first.story?.content.description).toBe(DRAFT_DESCRIPTION);
  expect(first.contentError).toBeNull();
  await getEditorSurveyPreview(server.app.db, drafts, surveyId);
  expect(cdn.requests.map((r) => [r.path, r.query.get("version"), r.query.get("token")])).toEqual([
    ["/v2/cdn/stories/surveys/class-climate", "draft", PREVIEW_TOKEN],
    ["/v2/cdn/stories/surveys/class-climate", "draft", PREVIEW_TOKEN],
  ]);
});

test("the public token cannot read drafts: the fake CDN refuses it as Storyblok does", async () => {
  const publicReader = createDraftReader({ STORYBLOK_PREVIEW_TOKEN: TOKEN, STORYBLOK_ENDPOINT: cdn.endpoint })!;
  const preview = await getEditorSurveyPreview(server.app.db, publicReader, surveyId);
  expect(preview.story).toBeNull();
  expect(preview.contentError).toContain("not answering");
});

test("an unknown survey, or a story gone from Storyblok, is NOT_FOUND; a CDN failure is a message, not an error", async () => {
  const drafts = createDraftReader({ STORYBLOK_PREVIEW_TOKEN: PREVIEW_TOKEN, STORYBLOK_ENDPOINT: cdn.endpoint })!;
  const unknown = await getEditorSurveyPreview(server.app.db, drafts, 987_654).catch((error) => error);
  expect(isDomainError(unknown) && unknown.code).toBe("NOT_FOUND");
  const survey = await findRegisteredSurvey(server.app.db, surveyId);
  expect(survey.fullSlug).toBe("surveys/class-climate");
  cdn.setStories([]);
  cdn.setDrafts([]);
  try {
    const gone = await getEditorSurveyPreview(server.app.db, drafts, surveyId).catch((error) => error);
    expect(isDomainError(gone) && gone.code).toBe("NOT_FOUND");
  } finally {
    cdn.setStories([published]);
    cdn.setDrafts([{ ...published, content: { ...published.content, description: DRAFT_DESCRIPTION } } as SurveyStory]);
  }
  cdn.failAlways(503);
  try {
    const down = await getEditorSurveyPreview(server.app.db, drafts, surveyId);
    expect(down.story).toBeNull();
    expect(down.contentError).toContain("not answering");
  } finally {
    cdn.failAlways(null);
  }
});

test("through the app: a valid link without any cookie shows the draft, framable by the editor origins only", async () => {
  const response = await server.handle(
    new Request(`http://school.test/survey/content/${surveyId}?${editorQuery().toString()}`),
  );
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(DRAFT_DESCRIPTION);
  // Nothing of the staff screens: no header, no profile, no link to the survey list.
  expect(html).not.toContain("app-header");
  expect(html).not.toContain('href="/survey"');
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("frame-ancestors https://app.storyblok.com http://127.0.0.2:4567");
  expect(csp).not.toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-frame-options")).toBeNull();
  expect(response.headers.get("cache-control")).toBe("private, no-store");
});

test("through the app: a wrong, stale or foreign link is staff-only and may not be framed", async () => {
  const now = Math.floor(Date.now() / 1000);
  const links = [
    editorQuery({ token: "0".repeat(40) }),
    editorQuery({ timestamp: now - EDITOR_LINK_LIFETIME_SECONDS - 5 }),
    editorQuery({ spaceId: "1" }),
    new URLSearchParams(),
  ];
  for (const query of links) {
    const response = await server.handle(new Request(`http://school.test/survey/content/${surveyId}?${query}`));
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location") ?? "", "http://school.test").pathname).toBe("/login");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  }
  // A valid link does not open any other page either.
  const other = await server.handle(new Request(`http://school.test/survey?${editorQuery().toString()}`));
  expect(other.status).toBe(302);
  expect(other.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
});

test("through the app: the editor's language (_storyblok_lang) is read in that language and shown so (ADR 240)", async () => {
  const translatedDescription = "Ein Entwurf, den noch niemand veröffentlicht hat.";
  cdn.setTranslations("de", [
    { ...published, content: { ...published.content, description: translatedDescription } } as SurveyStory,
  ]);
  cdn.resetCounts();
  const inEditor = async (language: string) => {
    const query = editorQuery();
    query.set("_storyblok_lang", language);
    const response = await server.handle(new Request(`http://school.test/survey/content/${surveyId}?${query}`));
    expect(response.status).toBe(200);
    return response.text();
  };
  const german = await inEditor("de");
  expect(german).toContain(translatedDescription);
  expect(german).toContain('<div lang="de" dir="ltr" class="survey-preview-content">');
  expect(german).toContain("Shown in German.");
  // The editor chooses the language itself: no language links in its frame.
  expect(german).not.toContain('aria-label="Survey language"');
  expect(cdn.requests.map((r) => [r.path, r.query.get("version"), r.query.get("language")])).toEqual([
    ["/v2/cdn/stories/surveys/class-climate", "draft", "de"],
  ]);
  // "default", or a language we do not have, is the default.
  for (const language of ["default", "it"]) {
    const html = await inEditor(language);
    expect(html).toContain(DRAFT_DESCRIPTION);
    expect(html).toContain("Shown in English.");
  }
  expect(cdn.requests.slice(1).map((r) => r.query.get("language"))).toEqual([null, null]);
});
