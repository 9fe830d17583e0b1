/**
 * Survey screens end to end, with JavaScript on and off: the list, the
 * read-only preview of every sample survey (the texts of docs/product.md#preview-blocks), 404s,
 * the survey API and the content webhook.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  type ContentBlock,
  hasText,
  headerAnchorId,
  type ResponseBlock,
  readChoices,
  type SurveyStory,
} from "~/lib/survey-content";
import { extractYouTubeId, youTubeEmbedUrl, youTubeWatchUrl } from "~/lib/video-id";
import { jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld, type E2eWorld } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";
import { settled, watchNetwork } from "../support/settled";

const WEBHOOK_SECRET = "e2e-webhook-secret-0123456789abcdef";
const PERMISSIONS = "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture";

let app: AppServer<E2eWorld>;
let stories: SurveyStory[];
let idsBySlug: Map<string, number>;
/** One sign-in per file (sign-in is rate limited); every page reuses its cookies. */

async function readSampleStories(): Promise<SurveyStory[]> {
  const dir = path.resolve("content/surveys");
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith(".json")).sort();
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), "utf8")) as SurveyStory),
  );
}

beforeAll(async () => {
  stories = await readSampleStories();
  app = await startAppServer({ env: { STORYBLOK_WEBHOOK_SECRET: WEBHOOK_SECRET }, fixtures: createE2eWorld });
  const page = await signedInPage(false);
  const response = await page.context().request.get(`${app.baseURL}/api/surveys`);
  const body = (await response.json()) as { data: { id: number; fullSlug: string }[] };
  idsBySlug = new Map(body.data.map((survey) => [survey.fullSlug, survey.id]));
});

/** A page signed in as the file's own teacher (tests/support/e2e-world.ts). */
async function signedInPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.teacher);
  return page;
}

/** The element's text as a reader sees it: every text node outside visually hidden text and audio, separated by spaces. */
async function text(page: Page, selector: string): Promise<string> {
  const content = await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const parts: string[] = [];
      const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // An <audio>'s fallback link is not shown where the browser plays audio.
        if (!node.parentElement?.closest(".visually-hidden, audio")) parts.push(node.textContent ?? "");
      }
      return parts.join(" ");
    });
  return content.replace(/\s+/g, " ").trim();
}

/** What docs/product.md#preview-blocks says a content block shows, checked on the page. */
async function expectContentBlock(page: Page, block: ContentBlock) {
  if (block.component === "survey-header" && hasText(block.content)) {
    expect(await text(page, `h2[id="${headerAnchorId(block.content)}"]`)).toBe(block.content.trim());
  }
  if (block.component === "survey-image") {
    const filename = block.image?.filename;
    const images = page.locator(`img[src="${filename}"]`);
    if (hasText(filename)) {
      // The content's alt text, else 'Image' (the specification's default); width and height from the URL's /WxH/.
      expect(await images.getAttribute("alt")).toBe(hasText(block.image?.alt) ? block.image.alt : "Image");
      const size = /\/(\d+)x(\d+)\//.exec(filename);
      expect([await images.getAttribute("width"), await images.getAttribute("height")]).toEqual(
        size ? [size[1], size[2]] : [null, null],
      );
    }
  }
  if (block.component === "survey-video") {
    const id = extractYouTubeId(block.youtube_link);
    if (id) {
      const frame = page.locator(`iframe[src="${youTubeEmbedUrl(id)}"]`);
      expect(await frame.count()).toBe(1);
      // 100% wide: as wide as the figure that holds it (CSS; the width attribute takes pixels only).
      const [frameWidth, figureWidth] = await frame.evaluate((element) => [
        element.getBoundingClientRect().width,
        element.parentElement!.getBoundingClientRect().width,
      ]);
      expect(frameWidth).toBeGreaterThan(0);
      expect(frameWidth).toBe(figureWidth);
      expect(await frame.getAttribute("height")).toBe("480");
      expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(480);
      expect(await frame.getAttribute("allow")).toBe(PERMISSIONS);
      expect(await frame.getAttribute("allowfullscreen")).not.toBeNull();
      expect(await page.locator(`a[href="${youTubeWatchUrl(id)}"]`).count()).toBe(1);
    }
  }
}

async function expectResponseBlock(page: Page, block: ResponseBlock, section: string) {
  if (block.component === "response-options") {
    const labels = (block.response_options ?? []).map((item) => item.content).filter(hasText);
    const numbered = labels.map((label, index) => `${index + 1}. ${label}`).join(" ");
    expect(section).toContain(`${block.prompt} ${numbered}`);
  }
  if (block.component === "response-faces") {
    // Each face drawn above its label, a disabled button named with its place on the scale.
    const labels = (block.faces ?? []).map((face) => face.label ?? "");
    expect(section).toContain(`${block.prompt} ${labels.join(" ")}`);
    const list = page.getByRole("list", { name: `Options: ${block.prompt}`, exact: true });
    for (const [index, label] of labels.entries()) {
      const button = list.getByRole("button", { name: `${label}, ${index + 1} of ${labels.length}`, exact: true });
      expect(await button.getAttribute("aria-disabled"), label).toBe("true");
      expect(await button.locator('svg[aria-hidden="true"]').count(), label).toBe(1);
    }
  }
  if (block.component === "response-text") {
    (block.questions ?? []).forEach((question, index) => {
      let expected = `${index + 1}. ${question.prompt}`;
      for (const answer of question.answers ?? []) {
        expected +=
          answer.component === "response-text-question-answer-freetext"
            ? " [Student will type their answer here]"
            : ` ${readChoices(answer)
                .map((choice) => choice.label)
                .join(" ")}`;
      }
      expect(section).toContain(expected);
    });
    // Each question's choices are a group named by its legend: the numbered question.
    for (const [index, question] of (block.questions ?? []).entries()) {
      const choiceAnswers = (question.answers ?? []).filter(
        (answer) => answer.component === "response-text-question-answer-option",
      );
      if (choiceAnswers.length === 0) continue;
      const group = page.getByRole("group", { name: `${index + 1}. ${question.prompt}`, exact: true });
      expect(await group.count()).toBe(choiceAnswers.length);
    }
  }
  if (block.component === "response-art") {
    expect(section).toContain(
      `${block.prompt} Undo Redo Clear 3 8 15 40 Drawing will be enabled in the Orliverse app!`,
    );
    const canvas = page.locator(".survey-art-canvas").first();
    expect(await canvas.getAttribute("data-width")).toBe("600");
    expect(await canvas.getAttribute("data-height")).toBe("400");
    expect(await page.locator('button[aria-label="Brush size 8"]').first().getAttribute("aria-pressed")).toBe("true");
    const swatches = page.locator(".survey-art-swatch");
    expect(await swatches.count()).toBeGreaterThanOrEqual(12);
    expect(await swatches.first().getAttribute("aria-label")).toBe("Black");
    expect(await swatches.first().getAttribute("aria-pressed")).toBe("true");
    expect(await page.locator(".survey-art-toolbar button:not([disabled])").count()).toBe(0);
    // The tool groups are named by their legends.
    const toolbar = page.getByRole("toolbar", { name: "Drawing tools (preview, disabled)" }).first();
    for (const name of ["Edit", "Brush size", "Colour"]) {
      expect(await toolbar.getByRole("group", { name, exact: true }).count()).toBe(1);
    }
  }
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("the survey list shows every sample survey's title and slug, and links to its preview", async () => {
    const page = await signedInPage(javaScriptEnabled);
    const response = await page.goto("/survey");
    expect(response?.status()).toBe(200);
    expect(await text(page, "h1")).toBe("Surveys");
    const list = await text(page, "ul.survey-list");
    for (const story of stories) {
      expect(list).toContain(story.content.title);
      expect(list).toContain(story.full_slug);
    }
    await page.getByRole("link", { name: /Reading habits/ }).click();
    await page.waitForURL(`**/survey/content/${idsBySlug.get("surveys/reading-habits")}`);
    await page.waitForSelector("h1#survey-title");
    expect(await text(page, "h1")).toBe("Reading habits");
  });

  test("every sample survey previews exactly as docs/product.md#preview-blocks describes", async () => {
    const page = await signedInPage(javaScriptEnabled);
    for (const story of stories) {
      const id = idsBySlug.get(story.full_slug);
      expect(id, story.full_slug).toBeDefined();
      const response = await page.goto(`/survey/content/${id}`);
      expect(response?.status(), story.full_slug).toBe(200);
      const survey = story.content;
      expect(await text(page, "h1#survey-title")).toBe(survey.title);
      if (survey.description) expect(await text(page, "article.survey-preview header")).toContain(survey.description);
      expect(await text(page, "#survey-responses h2")).toBe("Response");
      for (const block of survey.content ?? []) await expectContentBlock(page, block);
      const section = await text(page, "#survey-responses");
      for (const block of survey.response ?? []) await expectResponseBlock(page, block, section);
      // Blocks with nothing to show render nothing.
      const imagesWithFile = (survey.content ?? []).filter(
        (b) => b.component === "survey-image" && hasText(b.image?.filename),
      );
      expect(await page.locator("article.survey-preview img").count()).toBe(imagesWithFile.length);
      const playable = (survey.content ?? []).filter(
        (b) => b.component === "survey-video" && extractYouTubeId(b.youtube_link),
      );
      expect(await page.locator("article.survey-preview iframe").count()).toBe(playable.length);
      // Each video's frame has its own title (ADR 221), and the page has one <h1>.
      const frameTitles = await page
        .locator("article.survey-preview iframe")
        .evaluateAll((frames) => frames.map((frame) => frame.getAttribute("title") ?? ""));
      expect(new Set(frameTitles).size, story.full_slug).toBe(playable.length);
      for (const title of frameTitles) expect(title, story.full_slug).toMatch(/\S/);
      expect(await page.locator("h1").count(), story.full_slug).toBe(1);
    }
  });

  test("markdown keeps safe links and blanks javascript:, data: and vbscript: links", async () => {
    const page = await signedInPage(javaScriptEnabled);
    await page.goto(`/survey/content/${idsBySlug.get("surveys/end-of-unit-feedback/water-cycle")}`);
    const hrefs = await page
      .locator(".survey-markdown a")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).toEqual([
      "/class/-1/home",
      "https://www.metoffice.gov.uk/weather/learn-about/weather/how-weather-works/water-cycle",
      "http://example.org/water-cycle",
      "mailto:amara.okafor@riverside.example",
      "irc://irc.libera.chat/riverside-science",
      "ircs://irc.libera.chat/riverside-science",
      "xmpp:science-club@riverside.example",
      "",
      "",
      "",
    ]);
  });

  test("an unknown survey id is a 404 with a clear message", async () => {
    const page = await signedInPage(javaScriptEnabled);
    for (const id of ["999999", "abc", "0"]) {
      const response = await page.goto(`/survey/content/${id}`);
      expect(response?.status()).toBe(404);
      expect(await text(page, "h1")).toBe("Not Found");
      expect(await text(page, "main")).toContain("There is no survey with this id.");
    }
  });

  test("signed out, the survey screens send the visitor to /login", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await page.goto("/survey");
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.goto(`/survey/content/${idsBySlug.get("surveys/class-climate")}`);
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});

test("the visual-editor bridge loads only when the URL carries _storyblok_tk", async () => {
  const page = await signedInPage(true);
  const story = stories.find((s) => s.full_slug === "surveys/class-climate")!;
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  const url = `/survey/content/${idsBySlug.get(story.full_slug)}`;
  const network = watchNetwork(page);
  await page.goto(url);
  await settled(page, network);
  const before = scripts.length;
  expect(await page.evaluate(() => typeof (window as { StoryblokBridge?: unknown }).StoryblokBridge)).toBe("undefined");

  await page.goto(
    `${url}?_storyblok=${story.id}&_storyblok_tk[space_id]=1&_storyblok_tk[timestamp]=1&_storyblok_tk[token]=x`,
  );
  await page.waitForFunction(() => typeof (window as { StoryblokBridge?: unknown }).StoryblokBridge === "function");
  expect(scripts.length).toBeGreaterThan(before);
});

test("GET /api/surveys gives signed-in users { data: [{ id, fullSlug }] } and others a 401", async () => {
  const page = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  const anonymous = await page.context().request.get(`${app.baseURL}/api/surveys`);
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toMatchObject({ code: "UNAUTHORIZED" });

  const signedIn = await signedInPage(false);
  const response = await signedIn.context().request.get(`${app.baseURL}/api/surveys`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: Record<string, unknown>[] };
  expect(body.data.map((item) => item.fullSlug).sort()).toEqual(stories.map((s) => s.full_slug).sort());
  for (const item of body.data) expect(Object.keys(item).sort()).toEqual(["fullSlug", "id"]);
});

test("the content webhook needs the shared secret, then re-syncs the registry", async () => {
  const page = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  const url = `${app.baseURL}/api/content/webhook`;
  const body = JSON.stringify({ action: "published", full_slug: "surveys/class-climate" });
  const wrong = await page
    .context()
    .request.post(url, { data: body, headers: { authorization: "Bearer not-the-secret" } });
  expect(wrong.status()).toBe(401);
  const right = await page
    .context()
    .request.post(url, { data: body, headers: { authorization: `Bearer ${WEBHOOK_SECRET}` } });
  expect(right.status()).toBe(200);
  expect(await right.json()).toMatchObject({
    data: { action: "published", sync: { total: stories.length, removed: 0 } },
  });
});
