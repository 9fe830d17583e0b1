/**
 * Student messages with numbers in them (ADR 228): the join rate limit's
 * "(try again in about N minutes)" and "N answers do not fit this survey."
 * are said in the student's language, on the student API (its `code`
 * unchanged) and on the /join page, and stay word for word in English.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { classCodes, rateLimits, surveys } from "~/server/db/schema.server";
import { languageCookie } from "~/server/i18n/i18n.server";
import { type InProcessApp, startInProcessApp } from "../support/app-handler";
import { createAssignment } from "../support/fixtures";

const BASE = "http://school.test";
let server: InProcessApp;

beforeAll(async () => {
  server = await startInProcessApp();
});

afterAll(async () => {
  await server?.stop();
});

/** A device whose wrong class codes are used up for the next ten minutes. */
async function blockedDevice(deviceKey: string) {
  await server.app.db
    .insert(rateLimits)
    .values({ key: `student-join-failed:${deviceKey}`, windowStart: new Date(), count: 5 });
}

async function apiJoin(deviceId: string, language: string) {
  const response = await server.handle(
    new Request(`${BASE}/api/student/v1/join`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": language, "X-Device-Id": deviceId },
      body: JSON.stringify({ code: "SUNNY-4821", firstName: "Ada", lastName: "Api" }),
    }),
  );
  return { status: response.status, body: await response.json() };
}

test("the student API's join rate limit is in the student's language, with its minutes; the code stays RATE_LIMITED", async () => {
  const devices = {
    en: "device-english-0001",
    de: "device-german-00001",
    pl: "device-polish-00001",
    ar: "device-arabic-00001",
  };
  for (const id of Object.values(devices)) await blockedDevice(`device:${id}`);

  expect(await apiJoin(devices.en, "en")).toEqual({
    status: 429,
    body: {
      code: "RATE_LIMITED",
      message:
        "Too many tries to join a class. Please wait a few minutes and try again. (try again in about 10 minutes)",
    },
  });
  const german = await apiJoin(devices.de, "de");
  expect(german.status).toBe(429);
  expect(german.body.code).toBe("RATE_LIMITED");
  expect(german.body.message).toMatch(/\(versuch es in etwa 10 Minuten noch einmal\)$/);
  expect(german.body.message).not.toMatch(/try|minutes/);
  const polish = await apiJoin(devices.pl, "pl");
  expect(polish.body.message).toMatch(/\(spróbuj jeszcze raz za około 10 minut\)$/);
  const arabic = await apiJoin(devices.ar, "ar");
  expect(arabic.body.code).toBe("RATE_LIMITED");
  expect(arabic.body.message).toContain("(حاول مرة أخرى بعد 10 دقائق تقريبًا)");
  expect(arabic.body.message).not.toMatch(/[A-Za-z]/);
});

test("the /join page's rate limit is in the chosen language, with its minutes", async () => {
  // The page's browser has no join-device cookie: its tries count against the address's device-less joins.
  await blockedDevice("no-device:127.0.0.1");
  const post = async (cookie: string) => {
    const response = await server.handle(
      new Request(`${BASE}/join`, {
        method: "POST",
        headers: { Origin: BASE, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({ code: "SUNNY-4821", firstName: "Lina", lastName: "Lang" }),
      }),
    );
    return { status: response.status, html: await response.text() };
  };
  const german = await post((await languageCookie.serialize("de")).split(";")[0]);
  expect(german.status).toBe(429);
  expect(german.html).toContain("(versuch es in etwa 10 Minuten noch einmal)");
  expect(german.html).not.toContain("try again in about");
  const english = await post("");
  expect(english.html).toContain("(try again in about 10 minutes)");
});

test("the student API's count of answers that do not fit is in the student's language", async () => {
  const api = (path: string, init: RequestInit & { language: string; token?: string }) =>
    server.handle(
      new Request(`${BASE}/api/student/v1${path}`, {
        ...init,
        headers: {
          "Content-Type": "application/json",
          "Accept-Language": init.language,
          // Its own device: the page test above used up the address's device-less joins.
          "X-Device-Id": "device-counter-00001",
          ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        },
      }),
    );
  const joined = await api("/join", {
    method: "POST",
    language: "en",
    body: JSON.stringify({ code: "SUNNY-4821", firstName: "Nina", lastName: "Count" }),
  });
  expect(joined.status).toBe(200);
  const { token } = await joined.json();
  const { db } = server.app;
  const [code] = await db
    .select({ classId: classCodes.classId })
    .from(classCodes)
    .where(eq(classCodes.code, "SUNNY-4821"));
  const [survey] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(eq(surveys.fullSlug, "surveys/reading-habits"));
  const open = await createAssignment(db, { classId: code.classId, surveyId: survey.id, status: "active" });
  const submit = async (language: string) => {
    const response = await api(`/assignments/${open.id}/responses`, {
      method: "POST",
      language,
      token,
      body: JSON.stringify({ answers: { "no-such-question": 1, "nor-this-one": 2 } }),
    });
    return { status: response.status, body: await response.json() };
  };
  const english = await submit("en");
  expect(english.status).toBe(400);
  expect(english.body.message).toBe("2 answers do not fit this survey.");
  const german = await submit("de");
  expect(german.body.code).toBe(english.body.code);
  expect(german.body.message).toBe("2 Antworten passen nicht zu dieser Umfrage.");
  expect((await submit("pl")).body.message).toBe("2 odpowiedzi nie pasują do tej ankiety.");
});

test("the staff JSON API answers in the request's language too; the code stays (issue 36)", async () => {
  const ask = (language: string) =>
    server.handle(new Request(`${BASE}/api/classes/my-classes`, { headers: { "Accept-Language": language } }));
  const german = await ask("de");
  expect(german.status).toBe(401);
  expect(await german.json()).toEqual({ code: "UNAUTHORIZED", message: "Melde dich an, um fortzufahren." });
  expect(await (await ask("en")).json()).toEqual({ code: "UNAUTHORIZED", message: "Sign in to continue." });
});
