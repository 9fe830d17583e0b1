/**
 * The join's identity rules (docs/product.md#student-identity, ADR 180) on a
 * real database, through the student API's route modules (typed client,
 * every answer checked against the OpenAPI document) and the /join pages:
 * who is claimed, who waits for the teacher, personal codes, look-alike
 * names, the classes' join rules, and answers that never tell the roster.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createStudentApiClient } from "~/lib/student-api/client";
import type { JoinResponse } from "~/lib/student-api/schemas";
import { STUDENT_NAME_MESSAGES } from "~/lib/student-name";
import * as joinRoute from "~/routes/student/join";
import * as waitingRoute from "~/routes/student/join-waiting";
import { hashToken } from "~/server/auth/session.server";
import { type JoinInput, type JoinOutcome, joinClass } from "~/server/class-codes/join.server";
import { collectJoinRequest, readJoinRequest } from "~/server/class-codes/join-collect.server";
import { listWaitingJoinRequests } from "~/server/class-codes/join-requests.server";
import type { Database } from "~/server/db/client.server";
import {
  classCodes,
  classes,
  classStudents,
  joinRequests,
  rateLimits,
  responses,
  students,
} from "~/server/db/schema.server";
import { createTestDatabase } from "../support/database";
import {
  type ClassWorld,
  createAssignment,
  createClass,
  createClassCode,
  createClassWorld,
  createJoinRequest,
  createStudent,
  createSurvey,
} from "../support/fixtures";
import { callRoute } from "../support/route-call";
import { studentApiFetch } from "../support/student-api-app";
import { refusal } from "../support/student-api-refusal";

let database: Database;
let world: ClassWorld;
let ipCounter = 0;

function client() {
  const ip = `10.9.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;
  return createStudentApiClient({
    baseUrl: "http://school.test",
    logError: () => {},
    fetch: studentApiFetch(database, { clientAddress: ip }),
  });
}

/** A class of its own with a live code, rules and a roster. */
async function classWith(
  code: string,
  rules: { joinMode?: "name" | "personal-code"; newNames?: "allow" | "hold" | "refuse" } = {},
) {
  const klass = await createClass(database.db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  await database.db
    .update(classes)
    .set({ joinMode: "name", newNames: "allow", ...rules })
    .where(eq(classes.id, klass.id));
  await createClassCode(database.db, { classId: klass.id, code });
  const felix = await createStudent(database.db, {
    schoolId: world.riverside.id,
    classId: klass.id,
    firstName: "Felix",
    lastName: `Costa${code.slice(0, 4)}`,
  });
  return { klass, felix };
}

const studentCount = async () => (await database.db.select({ id: students.id }).from(students)).length;

/** What the teacher side does when it lets a device in (join-requests.server.ts, another module). */
async function admit(secret: string, studentId?: number) {
  const [row] = await database.db
    .select()
    .from(joinRequests)
    .where(eq(joinRequests.secretHash, hashToken(secret)));
  let id = row.studentId ?? studentId;
  if (!id) {
    id = (await createStudent(database.db, { schoolId: world.riverside.id, classId: row.classId })).id;
  }
  await database.db
    .update(joinRequests)
    .set({ status: "admitted", studentId: id, decidedAt: new Date(), decidedByUserId: world.users.teacher.id })
    .where(eq(joinRequests.id, row.id));
}

function waiting(answer: JoinResponse) {
  if (answer.status !== "waiting") throw new Error(`expected waiting, got ${answer.status}`);
  return answer;
}
function joined(answer: JoinResponse) {
  if (answer.status !== "joined") throw new Error(`expected joined, got ${answer.status}`);
  return answer;
}

beforeAll(async () => {
  database = await createTestDatabase();
  world = await createClassWorld(database.db);
});

describe("uniform answers", () => {
  test("the first claim of a rostered name and a new name get the same status and shape, with no student id", async () => {
    await classWith("UNIF-3467");
    const rostered = joined(await client().join({ code: "UNIF-3467", firstName: "felix", lastName: "costaunif" }));
    const fresh = joined(await client().join({ code: "UNIF-3467", firstName: "Nora", lastName: "New" }));
    expect(Object.keys(rostered).sort()).toEqual(["class", "expiresIn", "status", "student", "token"]);
    expect(Object.keys(fresh).sort()).toEqual(Object.keys(rostered).sort());
    expect(Object.keys(rostered.student).sort()).toEqual(["firstName", "lastName"]);
    expect(Object.keys(fresh.student).sort()).toEqual(["firstName", "lastName"]);
    // The names come back as typed, never as the roster spells them.
    expect(rostered.student).toEqual({ firstName: "felix", lastName: "costaunif" });
    expect(JSON.stringify(rostered)).not.toContain("CostaUNIF");
  });

  test("held answers have one shape whether the held name is on the roster or not", async () => {
    await classWith("HOLD-3467", { newNames: "hold" });
    joined(await client().join({ code: "HOLD-3467", firstName: "Felix", lastName: "CostaHOLD" }));
    const claimed = waiting(await client().join({ code: "HOLD-3467", firstName: "Felix", lastName: "CostaHOLD" }));
    const unknown = waiting(await client().join({ code: "HOLD-3467", firstName: "Zed", lastName: "Nobody" }));
    expect(Object.keys(claimed).sort()).toEqual(["class", "expiresAt", "message", "requestSecret", "status"]);
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(claimed).sort());
    expect(unknown.message).toBe(claimed.message);
    expect(unknown.class).toEqual(claimed.class);
    expect(claimed.message).toMatch(/teacher/);
  });
});

describe("the class code as typed", () => {
  test("any mix of case, spaces, hyphens and dots joins, on the student API and on /join", async () => {
    await classWith("UDRJ-6436-BQTK");
    for (const [index, code] of ["udrj 6436-bqtk", "Udrj.6436.Bqtk", "udrj-6436 bqtk", "UDRJ6436BQTK"].entries()) {
      joined(
        await client().join({
          code,
          firstName: "Mixed",
          lastName: ["Ashford", "Brennan", "Carlsen", "Dunmore"][index],
        }),
      );
    }
    const page = await callRoute(joinRoute, database, {
      method: "POST",
      path: "/join",
      form: { code: " udrj . 6436 - bqtk ", firstName: "Mixed", lastName: "Page", personalCode: "" },
    });
    expect(page.headers.get("location")).toBe("/student");
  });
});

describe("a rostered student who has already joined", () => {
  test("is not taken again from the class code and name: the device waits, the request is stored with the secret hashed", async () => {
    const { felix } = await classWith("TAKE-3467");
    const first = joined(await client().join({ code: "TAKE-3467", firstName: "Felix", lastName: "CostaTAKE" }));
    expect(first.token).toMatch(/^ost_/);
    const before = await studentCount();
    const second = waiting(await client().join({ code: "take 3467", firstName: "FELIX", lastName: "costatake" }));
    expect(second.requestSecret).toMatch(/^ojr_/);
    expect(await studentCount()).toBe(before);
    const [row] = await database.db
      .select()
      .from(joinRequests)
      .where(eq(joinRequests.secretHash, hashToken(second.requestSecret)));
    expect(row).toMatchObject({ studentId: felix.id, status: "waiting", tokenKind: "app" });
    expect(JSON.stringify(row)).not.toContain(second.requestSecret.slice(4));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
  });

  test("a student with answers but no token is claimed too", async () => {
    const { klass, felix } = await classWith("ANSW-3467");
    const survey = await createSurvey(database.db, { fullSlug: `surveys/answ-${klass.id}`, title: "Wellbeing" });
    const assignment = await createAssignment(database.db, {
      classId: klass.id,
      surveyId: survey.id,
      status: "active",
    });
    await database.db
      .insert(responses)
      .values({ assignmentId: assignment.id, studentId: felix.id, answers: { a: "x" } });
    waiting(await client().join({ code: "ANSW-3467", firstName: "Felix", lastName: "CostaANSW" }));
  });

  test("the waiting device collects nothing until the teacher admits it, then a token once", async () => {
    await classWith("COLL-3467");
    joined(await client().join({ code: "COLL-3467", firstName: "Felix", lastName: "CostaCOLL" }));
    const held = waiting(await client().join({ code: "COLL-3467", firstName: "Felix", lastName: "CostaCOLL" }));
    waiting(await client().collectJoin(held.requestSecret));
    await admit(held.requestSecret);
    const collected = joined(await client().collectJoin(held.requestSecret));
    expect(collected.student).toEqual({ firstName: "Felix", lastName: "CostaCOLL" });
    const assignments = await client().withToken(collected.token).listAssignments();
    expect(assignments.assignments).toEqual([]);
    expect(await refusal(client().collectJoin(held.requestSecret))).toMatchObject({
      status: 410,
      code: "JOIN_REQUEST_GONE",
    });
  });

  test("a refused or lapsed request is a clear answer, an unknown secret too", async () => {
    await classWith("REFU-3467");
    joined(await client().join({ code: "REFU-3467", firstName: "Felix", lastName: "CostaREFU" }));
    const held = waiting(await client().join({ code: "REFU-3467", firstName: "Felix", lastName: "CostaREFU" }));
    await database.db
      .update(joinRequests)
      .set({ status: "refused", decidedAt: new Date() })
      .where(eq(joinRequests.secretHash, hashToken(held.requestSecret)));
    expect(await refusal(client().collectJoin(held.requestSecret))).toMatchObject({
      status: 403,
      code: "JOIN_REFUSED",
      message: "Your teacher did not let this device in. Ask your teacher what to do.",
    });
    const lapsed = waiting(await client().join({ code: "REFU-3467", firstName: "Felix", lastName: "CostaREFU" }));
    await database.db
      .update(joinRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(joinRequests.secretHash, hashToken(lapsed.requestSecret)));
    expect(await refusal(client().collectJoin(lapsed.requestSecret))).toMatchObject({ status: 410 });
    expect(await refusal(client().collectJoin("ojr_nothing-like-this"))).toMatchObject({ status: 410 });
  });
});

describe("personal codes", () => {
  test("a personal code lets a claimed student join on another device, in any case and spacing", async () => {
    const { felix } = await classWith("PERS-3467");
    await database.db.update(students).set({ personalCode: "KMR-394" }).where(eq(students.id, felix.id));
    joined(await client().join({ code: "PERS-3467", firstName: "Felix", lastName: "CostaPERS" }));
    const moved = joined(await client().join({ code: "PERS-3467", personalCode: " kmr 394 " }));
    expect(moved.student).toEqual({ firstName: "Felix", lastName: "CostaPERS" });
  });

  test("a printed card keeps working for its child whatever the class code does since: stopped, replaced", async () => {
    const { klass, felix } = await classWith("CARD-4567");
    await database.db.update(students).set({ personalCode: "KMQ-495" }).where(eq(students.id, felix.id));
    await database.db.update(classCodes).set({ stoppedAt: new Date() }).where(eq(classCodes.classId, klass.id));
    // The typed pair from the card (or its QR code's address) still opens the class.
    joined(await client().join({ code: "card 4567", personalCode: "kmq 495" }));
    // Typing a name with the stopped code is still refused.
    const byName = await refusal(client().join({ code: "CARD-4567", firstName: "Felix", lastName: "CostaCARD" }));
    expect(byName).toMatchObject({ status: 410, code: "CLASS_CODE_STOPPED" });
    // Replaced by a new code: the old card too.
    await createClassCode(database.db, { classId: klass.id, code: "CARD-5678-NEWC" });
    joined(await client().join({ code: "CARD-4567", personalCode: "KMQ-495" }));
    // A wrong personal code with the old code is a wrong personal code, counted as before.
    const wrong = await refusal(client().join({ code: "CARD-4567", personalCode: "KMQ-999" }));
    expect(wrong).toMatchObject({ status: 400, code: "VALIDATION" });
    // Only while the child is in the class.
    await database.db.delete(classStudents).where(eq(classStudents.studentId, felix.id));
    expect((await refusal(client().join({ code: "CARD-4567", personalCode: "KMQ-495" }))).status).toBe(400);
  });

  test("a wrong personal code is a field error and counts as a failed join", async () => {
    await classWith("WRNG-3467");
    const api = client();
    const answer = await refusal(api.join({ code: "WRNG-3467", personalCode: "XXX-999" }));
    expect(answer).toMatchObject({
      status: 400,
      code: "VALIDATION",
      fieldErrors: {
        personalCode: [
          "This personal code is not right. Check the code on your card and try again, or ask your teacher.",
        ],
      },
    });
    const failures = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `student-join-failed:ip:10.9.0.${ipCounter - 1}`));
    expect(failures[0]?.count).toBe(1);
  });

  test("another class's personal code does not open this class", async () => {
    const { felix } = await classWith("OTHR-3467");
    await classWith("THIS-3467");
    await database.db.update(students).set({ personalCode: "HTW-777" }).where(eq(students.id, felix.id));
    expect((await refusal(client().join({ code: "THIS-3467", personalCode: "HTW-777" }))).status).toBe(400);
  });

  test("a class that joins with personal codes asks for one, and takes no names", async () => {
    await classWith("CARD-3467", { joinMode: "personal-code" });
    const before = await studentCount();
    expect(await refusal(client().join({ code: "CARD-3467", firstName: "New", lastName: "Name" }))).toMatchObject({
      status: 400,
      fieldErrors: { personalCode: ["Type the personal code from your card."] },
    });
    expect(await studentCount()).toBe(before);
  });
});

describe("names that are not on the roster", () => {
  test("a class that refuses new names says so plainly, and still lets a rostered student claim", async () => {
    await classWith("NONE-3467", { newNames: "refuse" });
    const before = await studentCount();
    expect(await refusal(client().join({ code: "NONE-3467", firstName: "Zed", lastName: "Nobody" }))).toMatchObject({
      status: 403,
      code: "NAME_NOT_ON_LIST",
      message: "Your name is not on this class's list. Ask your teacher.",
    });
    expect(await studentCount()).toBe(before);
    joined(await client().join({ code: "NONE-3467", firstName: "Felix", lastName: "CostaNONE" }));
  });

  test("a held new name becomes a student only when the teacher admits it", async () => {
    const { klass } = await classWith("NEWH-3467", { newNames: "hold" });
    const before = await studentCount();
    const held = waiting(await client().join({ code: "NEWH-3467", firstName: "Ada", lastName: "Lovelace" }));
    expect(await studentCount()).toBe(before);
    const [row] = await database.db
      .select()
      .from(joinRequests)
      .where(eq(joinRequests.secretHash, hashToken(held.requestSecret)));
    expect(row).toMatchObject({ classId: klass.id, studentId: null, firstName: "Ada", lastName: "Lovelace" });
    await admit(held.requestSecret);
    joined(await client().collectJoin(held.requestSecret));
  });
});

describe("look-alike names", () => {
  test("invisible, bidi and full-width look-alike characters join as nobody new", async () => {
    await classWith("LOOK-3467");
    joined(await client().join({ code: "LOOK-3467", firstName: "Felix", lastName: "CostaLOOK" }));
    const before = await studentCount();
    const twins = [
      ["Fe\u200blix", "Costa\u00adLOOK"], // zero-width space, soft hyphen
      ["\u202eFelix", "CostaLOOK\u2066"], // bidi controls
      ["\uff26elix", "CostaLOOK"], // full-width F
      ["Fel\u0131\u0307x", "CostaLOOK"], // dotless ı with a combining dot above
      ["Fe\u0323li\u0324x", "Co\u0331staLOOK"], // combining marks below
    ];
    for (const [firstName, lastName] of twins) {
      waiting(await client().join({ code: "LOOK-3467", firstName, lastName }));
    }
    expect(await studentCount()).toBe(before);
    const stored = await database.db.select({ firstName: joinRequests.firstName }).from(joinRequests);
    for (const { firstName } of stored) expect(firstName).not.toMatch(/[\u200b\u00ad\u202e\u2066]/u);
  });

  test("a letter of another script, a blank or a symbol in a name is refused at its field (issue 35.4)", async () => {
    await classWith("ALLO-3467");
    joined(await client().join({ code: "ALLO-3467", firstName: "Felix", lastName: "CostaALLO" }));
    const before = await studentCount();
    const refused = [
      ["Felix\u2800", "CostaALLO", "characters"], // trailing Braille blank
      ["Felix\u{16fe4}", "CostaALLO", "characters"], // Khitan small script filler
      ["Fe\uffe8ix", "CostaALLO", "characters"], // half-width vertical line for the l
      ["Feli\u04b3", "CostaALLO", "scripts"], // Cyrillic ҳ
      ["F\u0435lix", "\u0421ostaALLO", "scripts"], // Cyrillic е and С
      ["Felix", "\u13dfostaALLO", "scripts"], // Cherokee Ꮯ
    ] as const;
    for (const [firstName, lastName, problem] of refused) {
      const answer = await refusal(client().join({ code: "ALLO-3467", firstName, lastName }));
      expect(answer, `${firstName} ${lastName}`).toMatchObject({ status: 400, code: "VALIDATION" });
      expect(JSON.stringify(answer.fieldErrors)).toContain(STUDENT_NAME_MESSAGES[problem]);
    }
    expect(await studentCount()).toBe(before);
  });
});

describe("waiting join requests (issue 35 point 3, issue 36)", () => {
  const CHROME_ANDROID =
    "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
  let device = 0;
  const ask = (code: string, firstName: string, lastName: string, extra: Partial<JoinInput> = {}) =>
    joinClass(database.db, {
      code,
      firstName,
      lastName,
      ip: "198.51.100.77",
      deviceId: `waiting-device-${String(device++).padStart(4, "0")}-abcdefgh`,
      tokenKind: "browser",
      ...extra,
    });
  const secretOf = (outcome: JoinOutcome) => {
    if (outcome.status !== "waiting") throw new Error(`expected waiting, got ${outcome.status}`);
    return outcome.requestSecret;
  };
  const listed = (classId: number) => listWaitingJoinRequests(database.db, world.actors.teacher, classId);

  test("asking again and again as a classmate who joined leaves one request, the newest; the older devices are told to join again", async () => {
    const { klass } = await classWith("MANY-3467");
    joined(await client().join({ code: "MANY-3467", firstName: "Felix", lastName: "CostaMANY" }));
    const secrets: string[] = [];
    for (let i = 0; i < 15; i++) secrets.push(secretOf(await ask("MANY-3467", "Felix", "CostaMANY")));
    const waitingNow = await listed(klass.id);
    expect(waitingNow).toHaveLength(1);
    expect(await collectJoinRequest(database.db, secrets[14])).toMatchObject({ status: "waiting" });
    await expect(collectJoinRequest(database.db, secrets[0])).rejects.toMatchObject({ code: "JOIN_REQUEST_GONE" });
  });

  test("one waiting request per device: the same device asking as another child replaces its own", async () => {
    const { klass } = await classWith("DEVI-3467", { newNames: "hold" });
    const deviceId = "one-device-for-two-names-0001";
    await ask("DEVI-3467", "Zara", "Newkid", { deviceId });
    await ask("DEVI-3467", "Otto", "Other", { deviceId });
    expect((await listed(klass.id)).map((request) => request.name)).toEqual(["Otto Other"]);
  });

  test("a class holds at most 80 waiting requests; the child asking again always gets room", async () => {
    const { klass, felix } = await classWith("FULL-3467");
    const mia = await createStudent(database.db, {
      schoolId: world.riverside.id,
      classId: klass.id,
      firstName: "Mia",
      lastName: "FullClass",
    });
    joined(await client().join({ code: "FULL-3467", firstName: "Mia", lastName: "FullClass" }));
    joined(await client().join({ code: "FULL-3467", firstName: "Felix", lastName: "CostaFULL" }));
    for (let i = 0; i < 80; i++) {
      await createJoinRequest(database.db, { classId: klass.id, studentId: felix.id, firstName: "F", lastName: "C" });
    }
    const full = await ask("FULL-3467", "Mia", "FullClass").catch((error: unknown) => error);
    expect(full).toMatchObject({ code: "RATE_LIMITED" });
    expect(secretOf(await ask("FULL-3467", "Felix", "CostaFULL"))).toMatch(/^ojr_/);
    expect(secretOf(await ask("FULL-3467", "Mia", "FullClass"))).toMatch(/^ojr_/);
    expect((await listed(klass.id)).map((request) => request.studentId).sort()).toEqual([felix.id, mia.id].sort());
  });

  test("the teacher sees each device's browser and system and when it asked; a device that stopped asking drops out", async () => {
    const { klass } = await classWith("SEEN-3467", { newNames: "hold" });
    const secret = secretOf(await ask("SEEN-3467", "Zara", "Newkid", { userAgent: CHROME_ANDROID }));
    await ask("SEEN-3467", "Otto", "Other", { tokenKind: "app", userAgent: "okhttp/4.12.0" });
    const [newest, older] = await listed(klass.id);
    expect(newest).toMatchObject({ name: "Otto Other", deviceBrowser: null, tokenKind: "app", minutesAgo: 0 });
    expect(older).toMatchObject({ name: "Zara Newkid", deviceBrowser: "Chrome", deviceSystem: "Android" });

    // Zara's device has not asked for two minutes: it stopped waiting.
    await database.db
      .update(joinRequests)
      .set({ lastSeenAt: new Date(Date.now() - 120_000) })
      .where(eq(joinRequests.secretHash, hashToken(secret)));
    expect((await listed(klass.id)).map((request) => request.name)).toEqual(["Otto Other"]);
    // It asks again (its waiting page): back on the list.
    await readJoinRequest(database.db, secret);
    expect((await listed(klass.id)).map((request) => request.name)).toEqual(["Otto Other", "Zara Newkid"]);
  });
});

describe("the /join page", () => {
  const postJoin = (form: Record<string, string>, path = "/join") =>
    callRoute(joinRoute, database, { method: "POST", path, form });

  test("a claimed name waits on /join/waiting (a signed cookie, no student session), and goes in once admitted", async () => {
    const { klass } = await classWith("WEBW-3467");
    const first = await postJoin({ code: "WEBW-3467", firstName: "Felix", lastName: "CostaWEBW", personalCode: "" });
    expect(first.headers.get("location")).toBe("/student");
    const second = await postJoin({ code: "WEBW-3467", firstName: "Felix", lastName: "CostaWEBW", personalCode: "" });
    expect(second.status).toBe(302);
    expect(second.headers.get("location")).toBe("/join/waiting");
    const cookies = second.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("__student=") && !cookie.startsWith("__student=;"))).toBe(false);
    const waitCookie = cookies.find((cookie) => cookie.startsWith("__join_request="));
    expect(waitCookie).toMatch(/HttpOnly/);
    expect(waitCookie).toMatch(/SameSite=Lax/);
    const cookie = waitCookie!.split(";")[0];

    const page = await callRoute(waitingRoute, database, { path: "/join/waiting", cookie });
    expect(await page.json()).toMatchObject({ state: "waiting" });
    const stillWaiting = await callRoute(waitingRoute, database, {
      method: "POST",
      path: "/join/waiting",
      cookie,
      form: { intent: "check" },
    });
    expect(stillWaiting.headers.get("location")).toBe("/join/waiting");

    const [row] = await database.db.select().from(joinRequests).where(eq(joinRequests.classId, klass.id));
    await database.db
      .update(joinRequests)
      .set({ status: "admitted", decidedAt: new Date() })
      .where(eq(joinRequests.id, row.id));
    // Once admitted, the waiting page itself goes in: no tap on "Start" (its script or its reload asks).
    const inside = await callRoute(waitingRoute, database, { path: "/join/waiting", cookie });
    expect(inside.headers.get("location")).toBe("/student");
    expect(inside.headers.getSetCookie().some((value) => /^__student=[^;]+/.test(value))).toBe(true);
    expect(inside.headers.getSetCookie().some((value) => /^__join_request=;/.test(value))).toBe(true);
  });

  test("a child who typed the wrong name goes back from the waiting page: the request lapses, the code is kept", async () => {
    const { klass } = await classWith("WEBC-3467");
    await postJoin({ code: "WEBC-3467", firstName: "Felix", lastName: "CostaWEBC", personalCode: "" });
    const second = await postJoin({ code: "WEBC-3467", firstName: "Felix", lastName: "CostaWEBC", personalCode: "" });
    const cookie = second.headers
      .getSetCookie()
      .find((value) => value.startsWith("__join_request="))!
      .split(";")[0];
    const back = await callRoute(waitingRoute, database, {
      method: "POST",
      path: "/join/waiting",
      cookie,
      form: { intent: "cancel" },
    });
    expect(back.headers.get("location")).toBe("/join?code=WEBC-3467");
    expect(back.headers.getSetCookie().some((value) => /^__join_request=;/.test(value))).toBe(true);
    const [row] = await database.db.select().from(joinRequests).where(eq(joinRequests.classId, klass.id));
    expect(row.status).toBe("waiting");
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  test("without a waiting cookie the waiting page sends the device to /join", async () => {
    const page = await callRoute(waitingRoute, database, { path: "/join/waiting" });
    expect(page.headers.get("location")).toBe("/join");
  });

  test("the card's address fills in both codes and a GET joins nobody", async () => {
    const before = await studentCount();
    const page = await callRoute(joinRoute, database, { path: "/join?code=CARD-3467&personal=KMR-394" });
    expect(await page.json()).toMatchObject({ code: "CARD-3467", personal: "KMR-394" });
    expect(await studentCount()).toBe(before);
  });

  test("a wrong personal code is shown at its field", async () => {
    await classWith("WEBP-3467");
    const response = await postJoin({ code: "WEBP-3467", firstName: "", lastName: "", personalCode: "AAA-333" });
    expect(response.status).toBe(400);
    const { reply } = (await response.json()) as { reply: { fieldErrors: Record<string, string[]> } };
    expect(reply.fieldErrors.personalCode?.[0]).toMatch(/card/);
  });
});
