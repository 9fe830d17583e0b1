/**
 * Surveys in the student's language (ADR 217): the local content's
 * per-language versions and Storyblok's `language` parameter (against the
 * fake CDN, a real HTTP server), each cached per language; a version is shown
 * only when it asks the same questions (same `_uid`s, as many options), else
 * the survey's default.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { LANGUAGE_CODES } from "~/lib/i18n/languages";
import { listAnswerFields, type OptionAnswerBlock, readChoices, type SurveyStory } from "~/lib/survey-content";
import { loadSurveyStoryIn } from "~/server/assignments/student-assignments.server";
import { createContent } from "~/server/surveys/content.server";
import { choiceValuesOf, listVersionLanguages } from "~/server/surveys/translations.server";
import { type FakeStoryblokCdn, startFakeStoryblokCdn } from "../fakes/storyblok-cdn";

const TOKEN = "fake-public-token";
const SLUG = "surveys/starting-the-school-year";
const CLIMATE = "surveys/your-school/class-climate-check";
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

/** The choices of the climate check's choice question ('What would help our class most?'), as shown. */
function climateChoices(story: SurveyStory) {
  const question = story.content.response
    ?.flatMap((block) => (block.component === "response-text" ? (block.questions ?? []) : []))
    .find((q) => q._uid === "ycc-q1");
  const answer = question?.answers?.find((a) => a.component === "response-text-question-answer-option");
  return { question, choices: answer?.component === "response-text-question-answer-option" ? readChoices(answer) : [] };
}

test("a choice's recording (issue 37): local content ships one per language; the choice's text stays its answer", async () => {
  const content = createContent(local, { warn() {} });
  const english = await loadSurveyStoryIn(content, CLIMATE, "en");
  // What is sent, counted and exported is the default's text, not the block.
  expect(choiceValuesOf(english)["ycc-q1-a1"]).toEqual([
    "More quiet time",
    "More group work",
    "Kinder words",
    "Clearer class rules",
  ]);
  for (const language of LANGUAGE_CODES) {
    const story = await loadSurveyStoryIn(content, CLIMATE, language);
    const { question, choices } = climateChoices(story);
    expect(question?.prompt_audio?.filename, language).toBe(`/survey-audio/${language}/class-climate-check/help.ogg`);
    expect(
      choices.map((choice) => choice.audio?.filename),
      language,
    ).toEqual([1, 2, 3, 4].map((n) => `/survey-audio/${language}/class-climate-check/help-${n}.ogg`));
    const field = listAnswerFields(story.content).find((f) => f.uid === "ycc-q1-a1");
    expect(field?.kind === "choice" ? field.choices : null, language).toEqual(choices.map((choice) => choice.label));
    if (language !== "en") expect(choices[0].label, language).not.toBe("More quiet time");
    // The files are shipped (public/), small.
    for (const url of [question?.prompt_audio?.filename, ...choices.map((choice) => choice.audio?.filename)]) {
      const size = (await stat(path.join("public", String(url)))).size;
      expect(size, String(url)).toBeGreaterThan(1000);
      expect(size, String(url)).toBeLessThan(20_000);
    }
  }
});

test("a choice's recording on Storyblok: plain and recorded choices in one list, each language's own recording", async () => {
  const english = await storyFile("content/surveys/your-school/class-climate-check.json");
  // A list written before choices could carry recordings, with one choice re-entered as a block.
  const mixed = structuredClone(english);
  const answer = climateAnswer(mixed);
  answer.choices = ["More quiet time", answer.choices?.[1] ?? "", "", "Kinder words", "Clearer class rules"];
  const german = await storyFile("content/languages/de/surveys/your-school/class-climate-check.json");
  const germanMixed = structuredClone(german);
  const germanAnswer = climateAnswer(germanMixed);
  germanAnswer.choices = [
    "Mehr ruhige Zeit",
    germanAnswer.choices?.[1] ?? "",
    "",
    "Freundlichere Worte",
    "Klarere Klassenregeln",
  ];
  cdn.setStories([await storyFile("content/surveys/starting-the-school-year.json"), mixed]);
  cdn.setTranslations("de", [germanMixed]);
  const storyblok = createContent(
    { ...local, STORYBLOK_TOKEN: TOKEN, STORYBLOK_ENDPOINT: cdn.endpoint },
    { warn() {} },
  );

  const shown = await loadSurveyStoryIn(storyblok, CLIMATE, "en");
  expect(climateChoices(shown).choices.map(({ label, audio }) => ({ label, audio }))).toEqual([
    { label: "More quiet time", audio: undefined },
    {
      label: "More group work",
      audio: { filename: "/survey-audio/en/class-climate-check/help-2.ogg", alt: "More group work" },
    },
    { label: "Kinder words", audio: undefined },
    { label: "Clearer class rules", audio: undefined },
  ]);
  expect(choiceValuesOf(shown)["ycc-q1-a1"]).toEqual([
    "More quiet time",
    "More group work",
    "Kinder words",
    "Clearer class rules",
  ]);
  const inGerman = await loadSurveyStoryIn(storyblok, CLIMATE, "de");
  expect(climateChoices(inGerman).choices.map((choice) => [choice.label, choice.audio?.filename ?? null])).toEqual([
    ["Mehr ruhige Zeit", null],
    ["Mehr Gruppenarbeit", "/survey-audio/de/class-climate-check/help-2.ogg"],
    ["Freundlichere Worte", null],
    ["Klarere Klassenregeln", null],
  ]);
});

function climateAnswer(story: SurveyStory): OptionAnswerBlock {
  const { question } = climateChoices(story);
  const answer = question?.answers?.find((a) => a.component === "response-text-question-answer-option");
  if (answer?.component !== "response-text-question-answer-option") throw new Error("no choice question");
  return answer;
}
