/**
 * Surveys in the reader's language outside the student pages (ADR 240, ADR
 * 241), through the whole app in process (root middleware, language
 * detection, the route modules) on the demo data and the local content (which
 * ships German and Arabic versions of "Starting the school year"):
 *
 * - the student API serves a survey in the student's language (`?lng=`, the
 *   class's language, the school's, Accept-Language), says which in
 *   `language` and Content-Language, and falls back to the default where the
 *   survey has no version; the answers are still stored against the default
 *   questions (choice answers send `choiceValues`);
 * - the teacher's preview switches language with `?lang=` links, offers only
 *   the languages the survey has, and says which one is shown.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { hashToken } from "~/server/auth/session.server";
import {
  classCodes,
  classes,
  classStudents,
  responses,
  schools,
  signInCards,
  surveys,
} from "~/server/db/schema.server";
import { CARD_TOKEN_PREFIX } from "~/server/students/card-tokens.server";
import { demoSessionCookie, type InProcessApp, startInProcessApp } from "../support/app-handler";
import { createAssignment } from "../support/fixtures";
import { contractCheckedFetch } from "../support/student-api-contract";

const BASE = "http://school.test";
const API = `${BASE}/api/student/v1`;
const TRANSLATED = "surveys/starting-the-school-year";
const UNTRANSLATED = "surveys/reading-habits";

let server: InProcessApp;
/** The in-process app as a fetch whose student API answers are held to the OpenAPI document. */
let api: typeof fetch;
let klass: { id: number; schoolId: number };
let translatedSurvey: { id: number; assignmentId: number };
let untranslatedSurvey: { id: number };
let token: string;
let teacherCookie: string;

interface SurveyAnswer {
  language: string;
  survey: { title: string };
  story: { content: { title: string; response: { _uid: string; prompt?: string }[] } };
  choiceValues: Record<string, string[]>;
}

beforeAll(async () => {
  server = await startInProcessApp();
  api = contractCheckedFetch((input, init) => server.handle(new Request(input, init)));
  const { db } = server.app;
  [klass] = await db
    .select({ id: classes.id, schoolId: classes.schoolId })
    .from(classCodes)
    .innerJoin(classes, eq(classes.id, classCodes.classId))
    .where(eq(classCodes.code, "SUNNY-4821"));
  const surveyId = async (fullSlug: string) =>
    (await db.select({ id: surveys.id }).from(surveys).where(eq(surveys.fullSlug, fullSlug)))[0].id;
  const translatedId = await surveyId(TRANSLATED);
  const assignment = await createAssignment(db, { classId: klass.id, surveyId: translatedId, status: "active" });
  translatedSurvey = { id: translatedId, assignmentId: assignment.id };
  untranslatedSurvey = { id: await surveyId(UNTRANSLATED) };
  await createAssignment(db, { classId: klass.id, surveyId: untranslatedSurvey.id, status: "active" });

  const joined = await api(`${API}/join`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code: "SUNNY-4821", firstName: "Lena", lastName: "Sprachen" }),
  });
  expect(joined.status).toBe(200);
  token = ((await joined.json()) as { token: string }).token;
  teacherCookie = await demoSessionCookie(server, "teacher");
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

async function getSurvey(surveyId: number, headers: Record<string, string> = {}, query = "") {
  const response = await api(`${API}/surveys/${surveyId}${query}`, {
    headers: { Authorization: `Bearer ${token}`, ...headers },
  });
  expect(response.status).toBe(200);
  return { body: (await response.json()) as SurveyAnswer, contentLanguage: response.headers.get("content-language") };
}

async function setLocales(values: { classLocale?: string | null; schoolLocale?: string | null }) {
  const { db } = server.app;
  if (values.classLocale !== undefined)
    await db.update(classes).set({ locale: values.classLocale }).where(eq(classes.id, klass.id));
  if (values.schoolLocale !== undefined)
    await db.update(schools).set({ locale: values.schoolLocale }).where(eq(schools.id, klass.schoolId));
}

test("the student API serves the German version to a device that asks for German, and says so", async () => {
  const { body, contentLanguage } = await getSurvey(translatedSurvey.id, { "Accept-Language": "de-DE,de;q=0.9" });
  expect(body.language).toBe("de");
  expect(contentLanguage).toBe("de");
  expect(body.story.content.title).toBe("Der Start ins Schuljahr");
  // The registry's title stays the survey's own, as in GET /assignments.
  expect(body.survey.title).toBe("Starting the school year");
  // A choice answer sends the default's values, in the order shown.
  expect(body.choiceValues).toEqual({ "sy-q2-a1": ["English", "Maths", "Science", "Art", "PE", "Music"] });

  const english = await getSurvey(translatedSurvey.id);
  expect(english.body.language).toBe("en");
  expect(english.contentLanguage).toBe("en");
  expect(english.body.story.content.title).toBe("Starting the school year");
});

test("no version in the student's language: the survey's default, labelled as such", async () => {
  const french = await getSurvey(translatedSurvey.id, { "Accept-Language": "fr" });
  expect(french.body.language).toBe("en");
  expect(french.body.story.content.title).toBe("Starting the school year");
  const german = await getSurvey(untranslatedSurvey.id, { "Accept-Language": "de" });
  expect(german.body.language).toBe("en");
  expect(german.contentLanguage).toBe("en");
  expect(german.body.story.content.title).toBe("Reading habits");
});

test("the class's language comes before the device's; the student's own ?lng= choice before both", async () => {
  try {
    await setLocales({ schoolLocale: "de" });
    expect((await getSurvey(translatedSurvey.id)).body.language).toBe("de");
    await setLocales({ classLocale: "ar" });
    const arabic = await getSurvey(translatedSurvey.id, { "Accept-Language": "de" });
    expect(arabic.body.language).toBe("ar");
    expect(arabic.body.story.content.title).toBe("بداية العام الدراسي");
    const chosen = await getSurvey(translatedSurvey.id, { "Accept-Language": "ar" }, "?lng=de");
    expect(chosen.body.language).toBe("de");
    // An unknown choice is ignored: the class's language.
    expect((await getSurvey(translatedSurvey.id, {}, "?lng=xx")).body.language).toBe("ar");
  } finally {
    await setLocales({ classLocale: null, schoolLocale: null });
  }
});

test("the QR link /join?code=… opens in the class's language before the child has chosen one", async () => {
  const joinPage = async (query: string, headers: Record<string, string> = {}) =>
    /<html[^>]* lang="([^"]+)"/.exec(
      await (await server.handle(new Request(`${BASE}/join${query}`, { headers }))).text(),
    )?.[1];
  try {
    await setLocales({ classLocale: "ar" });
    // typed as a child reads it from the projector, in any case and separators
    expect(await joinPage("?code=sunny-4821", { "Accept-Language": "de" })).toBe("ar");
    // without a code, or with a code nobody has, the browser's language
    expect(await joinPage("", { "Accept-Language": "de" })).toBe("de");
    expect(await joinPage("?code=NOPE-0000", { "Accept-Language": "de" })).toBe("de");
    // the child's own choice comes first
    expect(await joinPage("?code=SUNNY-4821&lng=fr")).toBe("fr");
    // a card's QR link: its class's language too
    const cardToken = `${CARD_TOKEN_PREFIX}language-test-0123456789`;
    const [member] = await server.app.db
      .select({ studentId: classStudents.studentId })
      .from(classStudents)
      .where(eq(classStudents.classId, klass.id))
      .limit(1);
    await server.app.db
      .insert(signInCards)
      .values({ classId: klass.id, studentId: member.studentId, tokenHash: hashToken(cardToken) });
    expect(await joinPage(`?card=${cardToken}`, { "Accept-Language": "de" })).toBe("ar");
    expect(await joinPage("?card=ocd_nobody", { "Accept-Language": "de" })).toBe("de");
  } finally {
    await setLocales({ classLocale: null, schoolLocale: null });
  }
});

test("answers sent after reading the German version are stored against the default questions", async () => {
  const { body } = await getSurvey(translatedSurvey.id, { "Accept-Language": "de" });
  expect(body.language).toBe("de");
  const send = (answers: Record<string, unknown>) =>
    api(`${API}/assignments/${translatedSurvey.assignmentId}/responses`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Accept-Language": "de" },
      body: JSON.stringify({ answers }),
    });
  // The German text of a choice is not an answer: the value from choiceValues is.
  const german = await send({ "sy-q2-a1": "Mathe" });
  expect(german.status).toBe(400);
  expect(((await german.json()) as { code: string }).code).toBe("VALIDATION");
  const sent = await send({
    "sy-excited": 1,
    "sy-q1-a1": "Freunde treffen",
    "sy-q2-a1": body.choiceValues["sy-q2-a1"][1],
  });
  expect(sent.status).toBe(200);
  const [stored] = await server.app.db
    .select({ answers: responses.answers })
    .from(responses)
    .where(eq(responses.assignmentId, translatedSurvey.assignmentId));
  expect(stored.answers).toEqual({ "sy-excited": 1, "sy-q1-a1": "Freunde treffen", "sy-q2-a1": "Maths" });
});

test("the served OpenAPI document describes the language: the field, the lng parameter and Content-Language", async () => {
  const response = await server.handle(new Request(`${API}/openapi.json`));
  const document = (await response.json()) as {
    paths: Record<
      string,
      {
        get: {
          parameters: { name: string; in: string }[];
          responses: Record<string, { headers?: Record<string, unknown> }>;
        };
      }
    >;
    components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
  };
  const getSurveyOperation = document.paths["/surveys/{surveyId}"].get;
  expect(getSurveyOperation.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
    "path:surveyId",
    "query:lng",
    "header:Accept-Language",
  ]);
  expect(Object.keys(getSurveyOperation.responses["200"].headers ?? {})).toEqual(["Content-Language"]);
  const schema = document.components.schemas.SurveyContentResponse;
  expect(schema.properties.language).toMatchObject({ enum: ["en", "de", "fr", "es", "pl", "ar"] });
  expect(schema.required).toEqual(expect.arrayContaining(["language", "choiceValues"]));
});

async function preview(surveyId: number, query = "") {
  const response = await server.handle(
    new Request(`${BASE}/survey/content/${surveyId}${query}`, { headers: { Cookie: teacherCookie } }),
  );
  return { status: response.status, html: await response.text() };
}

/** The language links' HTML: the nav named 'Survey language'. */
const languageNav = (html: string) => html.match(/<nav aria-label="Survey language">[\s\S]*?<\/nav>/)?.[0] ?? "";

test("the teacher's preview offers the survey's languages as links, the default marked, and shows the one chosen", async () => {
  const english = await preview(translatedSurvey.id);
  expect(english.status).toBe(200);
  const nav = languageNav(english.html);
  // Only the languages the survey has: English (the default, shown), German, Arabic.
  expect(nav).toContain('aria-current="true"><span lang="en" dir="ltr">English</span> (default)</strong>');
  expect(nav).toContain(`href="/survey/content/${translatedSurvey.id}?lang=de"`);
  expect(nav).toContain(`href="/survey/content/${translatedSurvey.id}?lang=ar"`);
  expect(nav).not.toContain("lang=fr");
  expect(english.html).toContain("Shown in English.");
  expect(english.html).toContain('<div lang="en" dir="ltr" class="survey-preview-content">');

  const german = await preview(translatedSurvey.id, "?lang=de");
  expect(german.status).toBe(200);
  expect(german.html).toContain('<div lang="de" dir="ltr" class="survey-preview-content">');
  expect(german.html).toContain("Der Start ins Schuljahr");
  expect(german.html).toContain("Shown in German.");
  expect(languageNav(german.html)).toContain(`href="/survey/content/${translatedSurvey.id}"`);

  const arabic = await preview(translatedSurvey.id, "?lang=ar");
  expect(arabic.html).toContain('<div lang="ar" dir="rtl" class="survey-preview-content">');
  expect(arabic.html).toContain("بداية العام الدراسي");
  expect(arabic.html).toContain("Shown in Arabic.");
});

test("the preview in a language the survey lacks shows the default and says so; an unknown code is a 400", async () => {
  const french = await preview(translatedSurvey.id, "?lang=fr");
  expect(french.status).toBe(200);
  expect(french.html).toContain("Shown in English.");
  expect(french.html).toContain("This survey has no version in French, so its default version is shown.");
  expect(french.html).toContain("Starting the school year");

  // A survey with no version at all: no language links, just which language is shown.
  const single = await preview(untranslatedSurvey.id);
  expect(single.status).toBe(200);
  expect(languageNav(single.html)).toBe("");
  expect(single.html).toContain("Shown in English.");

  const unknown = await preview(translatedSurvey.id, "?lang=xx");
  expect(unknown.status).toBe(400);
  const twice = await preview(translatedSurvey.id, "?lang=de&lang=ar");
  expect(twice.status).toBe(400);
});

test("a German-speaking teacher reads the preview's own texts in German", async () => {
  const response = await server.handle(
    new Request(`${BASE}/survey/content/${translatedSurvey.id}?lang=ar`, {
      headers: { Cookie: teacherCookie, "Accept-Language": "de" },
    }),
  );
  const html = await response.text();
  // The demo teacher has no language of their own and the school none: the browser's German.
  expect(html).toContain("Nur-Lese-Vorschau");
  expect(html).toContain('<nav aria-label="Sprache der Umfrage">');
  expect(html).toContain("Angezeigt auf Arabisch.");
  expect(html).toContain("(Standard)");
});

test("the preview's own words are in the language of the survey shown, not the page's (ADR 229)", async () => {
  const heading = (html: string) => html.match(/id="survey-responses-heading"[^>]*>([^<]*)</)?.[1];
  const english = await preview(translatedSurvey.id);
  expect(heading(english.html)).toBe("Response");
  expect(english.html).toContain("[Student will type their answer here]");

  // An English page showing the German version: the survey's frame speaks German, the page English.
  const german = await preview(translatedSurvey.id, "?lang=de");
  expect(heading(german.html)).toBe("Antwort");
  expect(german.html).toContain("[Hier schreibt das Kind seine Antwort]");
  // (The English keys are in the page's data for the browser; not in what it shows.)
  expect(german.html.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("[Student will type their answer here]");
  expect(german.html).toContain("Read-only preview");

  const arabic = await preview(translatedSurvey.id, "?lang=ar");
  expect(heading(arabic.html)).toBe("الإجابة");
  expect(arabic.html).toContain("[سيكتب الطالب إجابته هنا]");
});

test("the back link's arrow points back the way the page reads (ADR 229)", async () => {
  const back = (html: string) => html.match(/<a [^>]*href="\/survey"[^>]*>([\s\S]*?)<\/a>/)?.[1] ?? "";
  const english = await preview(translatedSurvey.id);
  expect(back(english.html)).toMatch(/^<span aria-hidden="true">←<\/span> ?(<!-- -->)? ?All surveys$/);
  const arabicPage = await preview(translatedSurvey.id, "?lng=ar");
  expect(arabicPage.html).toMatch(/<html[^>]*dir="rtl"/);
  expect(back(arabicPage.html)).toMatch(/^<span aria-hidden="true">→<\/span>/);
  expect(back(arabicPage.html)).not.toContain("←");
});

const CLIMATE = "surveys/your-school/class-climate-check";

/** The `<audio>` elements of a page: each one's src and name. */
const audioPlayers = (html: string) =>
  [...html.matchAll(/<audio [^>]*>/g)].map((match) => ({
    src: /src="([^"]+)"/.exec(match[0])?.[1],
    label: /aria-label="([^"]+)"/.exec(match[0])?.[1],
    autoplay: match[0].includes("autoplay"),
    preload: /preload="([^"]+)"/.exec(match[0])?.[1],
  }));

test("a choice's recordings (issue 37): the student API serves them in the student's language; the answer is the choice's text", async () => {
  const { db } = server.app;
  const [climate] = await db.select({ id: surveys.id }).from(surveys).where(eq(surveys.fullSlug, CLIMATE));
  const assignment = await createAssignment(db, { classId: klass.id, surveyId: climate.id, status: "active" });
  const { body } = await getSurvey(climate.id, { "Accept-Language": "pl" });
  expect(body.language).toBe("pl");
  const text = body.story.content.response.find((block) => block._uid === "ycc-more") as unknown as {
    questions: { prompt_audio: { filename: string }; answers: { choices: { content: string; audio: unknown }[] }[] }[];
  };
  const [question] = text.questions;
  expect(question.prompt_audio.filename).toBe("/survey-audio/pl/class-climate-check/help.ogg");
  expect(question.answers[0].choices[1]).toMatchObject({
    component: "response-text-question-answer-choice",
    content: "Więcej pracy w grupach",
    audio: { filename: "/survey-audio/pl/class-climate-check/help-2.ogg" },
  });
  // What a choice sends: the default's text, as for a plain choice.
  expect(body.choiceValues["ycc-q1-a1"]).toEqual([
    "More quiet time",
    "More group work",
    "Kinder words",
    "Clearer class rules",
  ]);
  const sent = await api(`${API}/assignments/${assignment.id}/responses`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ answers: { "ycc-q1-a1": body.choiceValues["ycc-q1-a1"][1] } }),
  });
  expect(sent.status).toBe(200);
  const [stored] = await db
    .select({ answers: responses.answers })
    .from(responses)
    .where(eq(responses.assignmentId, assignment.id));
  expect(stored.answers).toEqual({ "ycc-q1-a1": "More group work" });
});

test("the teacher's preview plays the recordings of prompts, faces and choices, named in the content's language", async () => {
  const { db } = server.app;
  const id = async (fullSlug: string) =>
    (await db.select({ id: surveys.id }).from(surveys).where(eq(surveys.fullSlug, fullSlug)))[0].id;
  const climate = await preview(await id(CLIMATE), "?lang=de");
  expect(climate.status).toBe(200);
  expect(audioPlayers(climate.html)).toEqual(
    ["help", "help-1", "help-2", "help-3", "help-4"].map((name) => ({
      src: `/survey-audio/de/class-climate-check/${name}.ogg`,
      label: "Anhören",
      autoplay: false,
      preload: "none",
    })),
  );
  // Each player is described by the text it says.
  expect(climate.html).toMatch(/aria-describedby="(survey-choice-ycc-q1-a1-1)"/);
  expect(climate.html).toMatch(/id="survey-choice-ycc-q1-a1-1"[^>]*>Mehr Gruppenarbeit</);

  const checkIn = await preview(await id("surveys/young-readers/daily-check-in"));
  expect(audioPlayers(checkIn.html).map((player) => [player.src, player.label])).toEqual(
    ["feel", "feel-1", "feel-2", "feel-3"].map((name) => [`/survey-audio/en/daily-check-in/${name}.ogg`, "Listen"]),
  );
  // A survey without recordings has no player.
  expect(audioPlayers((await preview(translatedSurvey.id)).html)).toEqual([]);
});
