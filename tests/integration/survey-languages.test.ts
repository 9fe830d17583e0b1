/**
 * Surveys in the student's language (ADR 217): the local content's
 * per-language versions and Storyblok's `language` parameter (against the
 * fake CDN, a real HTTP server), each cached per language; a version is shown
 * only when it asks the same questions (same `_uid`s, as many options), else
 * the survey's default.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, test } from "vitest";
import { listAnswerFields, type SurveyStory } from "~/lib/survey-content";
import { loadSurveyStoryIn } from "~/server/assignments/student-assignments.server";
import { createContent } from "~/server/surveys/content.server";
import { listVersionLanguages } from "~/server/surveys/translations.server";
import { type FakeStoryblokCdn, startFakeStoryblokCdn } from "../fakes/storyblok-cdn";

const TOKEN = "fake-public-token";
const SLUG = "surveys/starting-the-school-year";
const local = {
  CONTENT_DIR: "./content",
  CONTENT_CACHE_TTL_SECONDS: 60,
  STORYBLOK_TOKEN: undefined,
  STORYBLOK_ENDPOINT: undefined,
};

async function storyFile(file: string): Promise<SurveyStory> {
  return JSON.parse(await readFile(file, "utf8")) as SurveyStory;
}

const uids = (story: SurveyStory) => listAnswerFields(story.content).map((field) => field.uid);

let cdn: FakeStoryblokCdn;

beforeAll(async () => {
  cdn = await startFakeStoryblokCdn({
    token: TOKEN,
    stories: [await storyFile("content/surveys/starting-the-school-year.json")],
  });
});

afterAll(async () => {
  await cdn?.close();
});

test("the demo surveys ship German and Arabic versions that ask the same questions", async () => {
  for (const slug of ["starting-the-school-year", "wellbeing-check-in"]) {
    const english = await storyFile(`content/surveys/${slug}.json`);
    for (const language of ["de", "ar"]) {
      const translated = await storyFile(`content/languages/${language}/surveys/${slug}.json`);
      expect(translated.full_slug).toBe(english.full_slug);
      expect(uids(translated)).toEqual(uids(english));
      expect(translated.content.title).not.toBe(english.content.title);
    }
  }
});

test("local content: the student's language where the survey has it, else the default", async () => {
  const content = createContent(local, { warn() {} });
  expect((await loadSurveyStoryIn(content, SLUG, "de")).content.title).toBe("Der Start ins Schuljahr");
  expect((await loadSurveyStoryIn(content, SLUG, "ar")).content.title).toBe("بداية العام الدراسي");
  // No French version: the survey's default. English is the default itself.
  expect((await loadSurveyStoryIn(content, SLUG, "fr")).content.title).toBe("Starting the school year");
  expect((await loadSurveyStoryIn(content, SLUG, "en")).content.title).toBe("Starting the school year");
  expect(content.inLanguage?.("en")).toBeNull();
  expect(content.inLanguage?.("xx")).toBeNull();
  // A survey without a German version stays English in German.
  expect((await loadSurveyStoryIn(content, "surveys/class-climate", "de")).content.component).toBe("survey");
});

test("Storyblok: the language parameter, the language's prefix taken off, a version with other questions refused", async () => {
  const english = await storyFile("content/surveys/starting-the-school-year.json");
  const german = await storyFile("content/languages/de/surveys/starting-the-school-year.json");
  cdn.setTranslations("de", [german]);
  const content = createContent({ ...local, STORYBLOK_TOKEN: TOKEN, STORYBLOK_ENDPOINT: cdn.endpoint }, { warn() {} });
  expect((await loadSurveyStoryIn(content, SLUG, "de")).content.title).toBe("Der Start ins Schuljahr");
  const asked = cdn.requests
    .filter((request) => request.path === "/v2/cdn/stories")
    .map((r) => r.query.get("language"));
  expect(asked.sort()).toEqual(["de", null].sort());
  // Cached per language: a second read asks nothing.
  const before = cdn.storyRequests;
  await loadSurveyStoryIn(content, SLUG, "de");
  expect(cdn.storyRequests).toBe(before);

  // A translation whose questions differ (an option left out) would not group with the others: the default is shown.
  const broken = structuredClone(german);
  const options = broken.content.response?.find((block) => block.component === "response-options");
  if (options?.component === "response-options") options.response_options = options.response_options?.slice(1);
  cdn.setTranslations("de", [broken]);
  content.invalidate();
  expect((await loadSurveyStoryIn(content, SLUG, "de")).content.title).toBe(english.content.title);
});

test("the languages a survey has: local versions; on Storyblok only a language with something translated (ADR 240)", async () => {
  const content = createContent(local, { warn() {} });
  const story = async (slug: string) => (await content.read()).snapshot!.bySlug.get(slug)!;
  expect(await listVersionLanguages(content, await story(SLUG))).toEqual(["en", "de", "ar"]);
  expect(await listVersionLanguages(content, await story("surveys/class-climate"))).toEqual(["en"]);

  // Storyblok answers every language with the default's fields where nothing is translated: not a version.
  const german = await storyFile("content/languages/de/surveys/starting-the-school-year.json");
  cdn.setTranslations("de", [german]);
  const storyblok = createContent(
    { ...local, STORYBLOK_TOKEN: TOKEN, STORYBLOK_ENDPOINT: cdn.endpoint },
    { warn() {} },
  );
  const english = (await storyblok.read()).snapshot!.bySlug.get(SLUG)!;
  expect(await listVersionLanguages(storyblok, english)).toEqual(["en", "de"]);
  expect((await loadSurveyStoryIn(storyblok, SLUG, "fr")).content.title).toBe("Starting the school year");
});
