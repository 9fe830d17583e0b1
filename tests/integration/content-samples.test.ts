/** The local sample surveys: valid, unique, and together using every block and skip rule. */
import { expect, test } from "vitest";
import { readFaceScale } from "~/lib/face-scale";
import { listAnswerFields, type ResponseFacesBlock, type SurveyStory } from "~/lib/survey-content";
import { extractYouTubeId } from "~/lib/video-id";
import { createLocalContentSource } from "~/server/surveys/local-source.server";

const stories: SurveyStory[] = await createLocalContentSource("content").listStories();

function blocks(value: unknown, found: Array<Record<string, unknown>> = []) {
  if (Array.isArray(value)) for (const item of value) blocks(item, found);
  else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record._uid === "string") found.push(record);
    for (const child of Object.values(record)) blocks(child, found);
  }
  return found;
}

const all = stories.flatMap((story) => blocks(story.content));

test("at least 8 surveys, each under surveys/ with a title and something to answer", () => {
  expect(stories.length).toBeGreaterThanOrEqual(8);
  for (const story of stories) {
    expect(story.full_slug).toMatch(/^surveys\//);
    expect(story.content.title?.trim()).toBeTruthy();
    expect(listAnswerFields(story.content).length).toBeGreaterThan(0);
    expect(
      story.content.response?.some((b) => b.component === "response-options" || b.component === "response-text"),
    ).toBe(true);
  }
});

test("every block has a unique _uid", () => {
  const uids = all.map((block) => block._uid);
  expect(new Set(uids).size).toBe(uids.length);
});

test("together they use every block type", () => {
  const used = new Set(all.map((block) => block.component));
  for (const component of [
    "survey",
    "survey-header",
    "survey-image",
    "survey-text",
    "survey-video",
    "response-options",
    "response-options-item",
    "response-faces",
    "response-faces-item",
    "response-text",
    "response-text-question",
    "response-text-question-answer-freetext",
    "response-text-question-answer-option",
    "response-text-question-answer-choice",
    "response-art",
  ]) {
    expect(used, component).toContain(component);
  }
});

test("they cover the skip rules and every video link form", () => {
  const of = (component: string) => all.filter((block) => block.component === component);
  expect(of("response-options-item").some((item) => !String(item.content ?? "").trim())).toBe(true);
  const images = of("survey-image").map((block) => block.image as { filename?: string; alt?: string } | null);
  expect(images.some((image) => image?.filename && image.alt)).toBe(true);
  expect(images.some((image) => image?.filename && !image.alt)).toBe(true);
  expect(images.some((image) => !image?.filename)).toBe(true);
  const links = of("survey-video").map((block) => String(block.youtube_link ?? ""));
  expect(links.some((link) => link.includes("youtu.be/"))).toBe(true);
  expect(links.some((link) => link.includes("/watch?v="))).toBe(true);
  expect(links.some((link) => link.includes("/shorts/"))).toBe(true);
  expect(links.some((link) => /^[\w-]{11}$/.test(link))).toBe(true);
  expect(links.some((link) => extractYouTubeId(link) === null)).toBe(true);
  const markdown = of("survey-text")
    .map((block) => String(block.content ?? ""))
    .join("\n");
  for (const scheme of [
    "https:",
    "http:",
    "irc:",
    "ircs:",
    "mailto:",
    "xmpp:",
    "](/",
    "javascript:",
    "data:",
    "vbscript:",
  ]) {
    expect(markdown, scheme).toContain(scheme);
  }
  expect(of("survey-text").some((block) => !String(block.content ?? "").trim())).toBe(true);
});

test("every face scale, in every language shipped, has 2, 3 or 5 labelled faces; some of each size", async () => {
  const source = createLocalContentSource("content");
  const sizes = new Set<number>();
  for (const language of [undefined, "de", "fr", "es", "pl", "ar"]) {
    const scales = (await source.listStories(language))
      .flatMap((story) => blocks(story.content))
      .filter((block) => block.component === "response-faces");
    expect(scales.length, language ?? "en").toBeGreaterThanOrEqual(5);
    for (const block of scales) {
      const faces = readFaceScale(block as unknown as ResponseFacesBlock);
      expect(faces, `${language ?? "en"} ${String(block._uid)}`).not.toBeNull();
      sizes.add(faces?.length ?? 0);
    }
  }
  expect([...sizes].sort()).toEqual([2, 3, 5]);
});
