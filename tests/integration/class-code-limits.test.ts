/**
 * Joining with a class code from a school behind one address (issue #25,
 * ADRs 203 and 204): a device's wrong codes slow only that device, the
 * address's limit counts only failures, right codes are never refused for
 * other people's wrong ones, and a code lets in a bounded number of made-up
 * names, then holds the rest for the teacher. Through the student API's
 * route modules (the typed client) and the /join page, on a real database.
 */
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createStudentApiClient, StudentApiHttpError } from "~/lib/student-api/client";
import * as joinPage from "~/routes/student/join";
import {
  CARD_CODES_WRONG_MESSAGE,
  joinClass,
  joinFailureKeys,
  NEW_DEVICE_WAITS_MESSAGE,
  newNamesAdmitted,
} from "~/server/class-codes/join.server";
import type { Database } from "~/server/db/client.server";
import { classCodes, classes, classStudents, joinRequests, rateLimits, students } from "~/server/db/schema.server";
import { NEW_NAMES_PER_CODE, RATE_LIMITS, WAITING_NEW_NAMES_PER_CLASS } from "~/server/security/rate-limit.server";
import { JOIN_DEVICE_COOKIE_NAME } from "~/server/students/join-device-cookie.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createClass, createClassCode, createClassWorld, createStudent } from "../support/fixtures";
import { callRoute } from "../support/route-call";
import { studentApiFetch } from "../support/student-api-app";

let database: Database;
let world: ClassWorld;
let deviceCounter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  world = await createClassWorld(database.db);
});

/** A device of the school at `ip`: its own X-Device-Id unless `deviceId: null`. */
function device(ip: string, deviceId: string | null = `device-${String(deviceCounter++).padStart(12, "0")}`) {
  return createStudentApiClient({
    baseUrl: "http://school.test",
    deviceId: deviceId ?? undefined,
    logError: () => {},
    fetch: studentApiFetch(database, { clientAddress: ip }),
  });
}

async function status(promise: Promise<unknown>): Promise<number> {
  return promise.then(
    () => 200,
    (error: unknown) => {
      if (error instanceof StudentApiHttpError) return error.status;
      throw error;
    },
  );
}

async function classWithCode(code: string, newNames: "allow" | "hold" | "refuse" = "allow") {
  const klass = await createClass(database.db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  await database.db.update(classes).set({ joinMode: "name", newNames }).where(eq(classes.id, klass.id));
  const created = await createClassCode(database.db, { classId: klass.id, code });
  const [row] = await database.db.select().from(classCodes).where(eq(classCodes.code, code));
  return { klass, codeId: row?.id ?? (created as { id: number }).id };
}

async function count(key: string): Promise<number> {
  const [row] = await database.db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key));
  return row?.count ?? 0;
}

describe("wrong codes slow the device that types them, never its classmates", () => {
  test("a device's sixth wrong code in 10 minutes waits, while another device on the same address joins at once", async () => {
    await classWithCode("SLOW-2345-DVCE");
    const ip = "203.0.113.10";
    const guesser = device(ip);
    for (let i = 0; i < RATE_LIMITS.classCodeJoinFailuresPerDevice.limit; i++) {
      expect(await status(guesser.join({ code: `GUES-${2345 + i}-XXXX`, firstName: "A", lastName: "B" }))).toBe(404);
    }
    // Its own next try waits, even with the right code: it is the device that guessed.
    expect(await status(guesser.join({ code: "SLOW-2345-DVCE", firstName: "Ann", lastName: "Guess" }))).toBe(429);
    // A classmate's device behind the same address is not held by it.
    expect(await status(device(ip).join({ code: "SLOW-2345-DVCE", firstName: "Bo", lastName: "Right" }))).toBe(200);
  });

  test("device-less joins from an address share one device's limit; devices with an id are not held by it", async () => {
    await classWithCode("ANON-2345-DVCE");
    const ip = "203.0.113.11";
    for (let i = 0; i < RATE_LIMITS.classCodeJoinFailuresPerDevice.limit + 20; i++) {
      await status(device(ip, null).join({ code: `ANON-${3000 + i}-XXXX`, firstName: "A", lastName: "B" }));
    }
    // Only the first five were checked: the rest waited without counting against the address.
    expect(await count(joinFailureKeys(ip).address)).toBe(RATE_LIMITS.classCodeJoinFailuresPerDevice.limit);
    expect(await status(device(ip, null).join({ code: "ANON-2345-DVCE", firstName: "C", lastName: "D" }))).toBe(429);
    expect(await status(device(ip).join({ code: "ANON-2345-DVCE", firstName: "Cy", lastName: "Fine" }))).toBe(200);
  });

  test("a typo then the right code: the typo counts for the device, the success counts nowhere", async () => {
    await classWithCode("TYPO-2345-DVCE");
    const ip = "203.0.113.12";
    const kid = device(ip, "kid-device-typo-000001");
    expect(await status(kid.join({ code: "TYPO-2345-DVCF", firstName: "Dee", lastName: "Typo" }))).toBe(404);
    expect(await status(kid.join({ code: "typo 2345 dvce", firstName: "Dee", lastName: "Typo" }))).toBe(200);
    const keys = joinFailureKeys(ip, "kid-device-typo-000001");
    expect(await count(keys.address)).toBe(1);
    expect(await count(keys.device)).toBe(1);
  });
});

describe("successes never count against the school's address", () => {
  test("310 right-code joins from one address (more than the old limit of 300) in a row all pass and leave no count", async () => {
    const { klass } = await classWithCode("MANY-2345-JOIN");
    const ip = "203.0.113.20";
    // The whole roster of a big class joins by name (rostered names, no made-up ones).
    const names = Array.from({ length: 310 }, (_, i) => ({ firstName: `Kid${i}`, lastName: "Roster" }));
    for (const name of names)
      await createStudent(database.db, { schoolId: world.riverside.id, classId: klass.id, ...name });
    for (const name of names) {
      const joined = await joinClass(database.db, { code: "MANY-2345-JOIN", ...name, ip, tokenKind: "app" });
      expect(joined.status).toBe("joined");
    }
    expect(await count(joinFailureKeys(ip).address)).toBe(0);
  }, 120_000);

  test("500 wrong codes an hour from one address: past them a new device waits, another address does not", async () => {
    await classWithCode("FULL-2345-ADDR");
    const ip = "203.0.113.21";
    const start = new Date();
    await database.db.insert(rateLimits).values({
      key: joinFailureKeys(ip).address,
      windowStart: start,
      count: RATE_LIMITS.classCodeJoinFailuresPerIp.limit,
    });
    const refused = await device(ip)
      .join({ code: "FULL-2345-ADDR", firstName: "Eve", lastName: "Late" })
      .catch((error: StudentApiHttpError) => error);
    expect(refused).toBeInstanceOf(StudentApiHttpError);
    expect((refused as StudentApiHttpError).status).toBe(429);
    expect(Number((refused as StudentApiHttpError).headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(
      await status(device("203.0.113.22").join({ code: "FULL-2345-ADDR", firstName: "Eve", lastName: "Late" })),
    ).toBe(200);
  });
});

/** Fills the address's 500 wrong codes of this hour, as a flood of ever-new device ids would. */
async function floodAddress(ip: string) {
  await database.db
    .insert(rateLimits)
    .values({
      key: joinFailureKeys(ip).address,
      windowStart: new Date(),
      count: RATE_LIMITS.classCodeJoinFailuresPerIp.limit,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { windowStart: new Date(), count: RATE_LIMITS.classCodeJoinFailuresPerIp.limit },
    });
}

async function refusal(promise: Promise<unknown>): Promise<StudentApiHttpError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof StudentApiHttpError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("a guesser who throws away device ids cannot stop a school's joining (ADR 234)", () => {
  test("a guesser with a new device id every few tries uses up the address; a device that tried before is still checked and joins", async () => {
    await classWithCode("KNWN-2345-DVCE");
    const ip = "203.0.113.50";
    const kid = device(ip, "kid-known-before-flood-01");
    // The child's device typed a code once before the flood: it is known from then on.
    expect(await status(kid.join({ code: "KNWN-2345-DVCX", firstName: "Kai", lastName: "Known" }))).toBe(404);
    // The guesser: 4 wrong codes per device id, then a new id, until the address's 500 are used up.
    const limit = RATE_LIMITS.classCodeJoinFailuresPerIp.limit;
    for (let i = 0; i < limit - 1; i++) {
      const guesser = device(ip, `discarded-device-${String(Math.floor(i / 4)).padStart(8, "0")}`);
      expect(
        await status(guesser.join({ code: `GUES-${2345 + (i % 5000)}-ZZZZ`, firstName: "A", lastName: "B" })),
      ).toBe(404);
    }
    expect(await count(joinFailureKeys(ip).address)).toBe(limit);
    // A new id's guesses now wait unchecked, and are not counted anywhere.
    const fresh = "discarded-device-new-000001";
    const waited = await refusal(device(ip, fresh).join({ code: "KNWN-2345-DVCE", firstName: "X", lastName: "Y" }));
    expect(waited.status).toBe(429);
    expect(waited.body).toMatchObject({ code: "RATE_LIMITED", message: NEW_DEVICE_WAITS_MESSAGE });
    expect(await count(joinFailureKeys(ip, fresh).device)).toBe(0);
    expect(await count(joinFailureKeys(ip).address)).toBe(limit);
    // The known child's device is still checked: its right code joins.
    expect((await kid.join({ code: "KNWN-2345-DVCE", firstName: "Kai", lastName: "Known" })).status).toBe("joined");
  }, 180_000);

  test("during a flood a known device's wrong code is checked and counts in the known devices' own allowance, not the address's", async () => {
    await classWithCode("KNWO-2345-DVCE");
    const ip = "203.0.113.51";
    const kid = device(ip, "kid-known-before-flood-02");
    expect((await kid.join({ code: "KNWO-2345-DVCE", firstName: "Lu", lastName: "Joined" })).status).toBe("joined");
    await floodAddress(ip);
    expect(await status(kid.join({ code: "KNWO-2345-DVCX", firstName: "Lu", lastName: "Joined" }))).toBe(404);
    const keys = joinFailureKeys(ip, "kid-known-before-flood-02");
    expect(await count(keys.addressKnownDevices)).toBe(1);
    expect(await count(keys.address)).toBe(RATE_LIMITS.classCodeJoinFailuresPerIp.limit);
    expect(await count(keys.device)).toBe(1);
  });

  test(`past the known devices' ${RATE_LIMITS.classCodeJoinFailuresPerIpKnownDevices.limit} an hour too, every join from the address waits (the guessing bound)`, async () => {
    await classWithCode("KNWF-2345-DVCE");
    const ip = "203.0.113.52";
    const kid = device(ip, "kid-known-before-flood-03");
    expect((await kid.join({ code: "KNWF-2345-DVCE", firstName: "Mo", lastName: "Joined" })).status).toBe("joined");
    await floodAddress(ip);
    await database.db.insert(rateLimits).values({
      key: joinFailureKeys(ip).addressKnownDevices,
      windowStart: new Date(),
      count: RATE_LIMITS.classCodeJoinFailuresPerIpKnownDevices.limit,
    });
    const waited = await refusal(kid.join({ code: "KNWF-2345-DVCE", firstName: "Mo", lastName: "Joined" }));
    expect(waited.status).toBe(429);
    expect(Number(waited.headers.get("retry-after"))).toBeGreaterThan(3000);
    // The wait is not charged to the device.
    expect(await count(joinFailureKeys(ip, "kid-known-before-flood-03").device)).toBe(0);
  });

  test("during a flood a new device joins with a card's class code and personal code; a wrong pair gets one answer whichever half is wrong", async () => {
    const { klass } = await classWithCode("CARD-2345-DVCE");
    const student = await createStudent(database.db, {
      schoolId: world.riverside.id,
      classId: klass.id,
      firstName: "Cara",
      lastName: "Card",
    });
    await database.db.update(students).set({ personalCode: "KMR-394" }).where(eq(students.id, student.id));
    const ip = "203.0.113.53";
    await floodAddress(ip);
    const wrongPersonal = await refusal(device(ip).join({ code: "CARD-2345-DVCE", personalCode: "KMR-396" }));
    const wrongClass = await refusal(device(ip).join({ code: "CARD-2345-DVCF", personalCode: "KMR-394" }));
    for (const wrong of [wrongPersonal, wrongClass]) {
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: "VALIDATION", message: CARD_CODES_WRONG_MESSAGE });
    }
    expect(wrongClass.body).toEqual(wrongPersonal.body);
    // Wrong pairs count against the address's personal codes, not its class codes.
    expect(await count(`student-join-personal-failed:ip:${ip}`)).toBe(2);
    expect(await count(joinFailureKeys(ip).address)).toBe(RATE_LIMITS.classCodeJoinFailuresPerIp.limit);
    const cardDevice = "shared-tablet-new-0000001";
    const joined = await device(ip, cardDevice).join({ code: "card 2345 dvce", personalCode: "kmr 394" });
    expect(joined.status).toBe("joined");
    // Having joined, the tablet is known: its next join (another child's, by name) is checked.
    await createStudent(database.db, {
      schoolId: world.riverside.id,
      classId: klass.id,
      firstName: "Ben",
      lastName: "Next",
    });
    expect(
      (await device(ip, cardDevice).join({ code: "CARD-2345-DVCE", firstName: "Ben", lastName: "Next" })).status,
    ).toBe("joined");
  });

  test("a new browser on the /join page during a flood is told to ask the teacher", async () => {
    const ip = "203.0.113.54";
    await classWithCode("PAGE-2345-FLOD");
    await floodAddress(ip);
    const first = await callRoute(joinPage, database, { path: "/join", clientAddress: ip });
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0];
    const answer = await callRoute(joinPage, database, {
      path: "/join",
      method: "POST",
      cookie,
      clientAddress: ip,
      form: { code: "PAGE-2345-FLOD", firstName: "Nell", lastName: "New" },
    });
    expect(answer.status).toBe(429);
    expect(await answer.text()).toContain(NEW_DEVICE_WAITS_MESSAGE);
  });
});

describe("one person cannot stop a class (ADR 204)", () => {
  test(`a code lets in ${NEW_NAMES_PER_CODE} made-up names; the next ones wait for the teacher, and the roster still joins`, async () => {
    const { klass, codeId } = await classWithCode("FLOD-2345-NAME");
    const rostered = await createStudent(database.db, {
      schoolId: world.riverside.id,
      classId: klass.id,
      firstName: "Rosa",
      lastName: "Roster",
    });
    const flooder = device("203.0.113.30", "flooder-device-0000001");
    for (let i = 0; i < NEW_NAMES_PER_CODE; i++) {
      expect((await flooder.join({ code: "FLOD-2345-NAME", firstName: "Made", lastName: `Up${i}` })).status).toBe(
        "joined",
      );
    }
    const held = await flooder.join({ code: "FLOD-2345-NAME", firstName: "Made", lastName: "Up-more" });
    expect(held.status).toBe("waiting");
    expect(await newNamesAdmitted(database.db, codeId)).toBe(NEW_NAMES_PER_CODE);
    const roster = await database.db.select().from(classStudents).where(eq(classStudents.classId, klass.id));
    expect(roster).toHaveLength(NEW_NAMES_PER_CODE + 1);
    // The class is not locked: a rostered student joins at once from the same address.
    const rosa = await device("203.0.113.30").join({ code: "FLOD-2345-NAME", firstName: "Rosa", lastName: "Roster" });
    expect(rosa.status).toBe("joined");
    expect(rostered.id).toBeGreaterThan(0);
  }, 60_000);

  test(`at most ${WAITING_NEW_NAMES_PER_CLASS} new names wait at once; past that a new name is told to wait, a rostered one still joins`, async () => {
    const { klass } = await classWithCode("WAIT-2345-NAME", "hold");
    await createStudent(database.db, {
      schoolId: world.riverside.id,
      classId: klass.id,
      firstName: "Ola",
      lastName: "Listed",
    });
    const flooder = device("203.0.113.31", "flooder-device-0000002");
    // Without a device id (a device with an id waits once: its newer request replaces the older).
    const deviceless = device("203.0.113.31", null);
    for (let i = 0; i < WAITING_NEW_NAMES_PER_CLASS; i++) {
      expect((await deviceless.join({ code: "WAIT-2345-NAME", firstName: "Fake", lastName: `N${i}` })).status).toBe(
        "waiting",
      );
    }
    expect(await status(flooder.join({ code: "WAIT-2345-NAME", firstName: "Fake", lastName: "Over" }))).toBe(429);
    const waiting = await database.db
      .select()
      .from(joinRequests)
      .where(and(eq(joinRequests.classId, klass.id), isNull(joinRequests.studentId)));
    expect(waiting).toHaveLength(WAITING_NEW_NAMES_PER_CLASS);
    // Not a guess: the flooder's device and address did not count it.
    expect(await count(joinFailureKeys("203.0.113.31", "flooder-device-0000002").device)).toBe(0);
    expect(
      (await device("203.0.113.31").join({ code: "WAIT-2345-NAME", firstName: "Ola", lastName: "Listed" })).status,
    ).toBe("joined");
  }, 60_000);
});

describe("the /join page", () => {
  test("the form's page gives the browser a join-device id, and keeps it", async () => {
    const first = await callRoute(joinPage, database, { path: "/join" });
    const setCookie = first.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(new RegExp(`^${JOIN_DEVICE_COOKIE_NAME}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(";")[0];
    const again = await callRoute(joinPage, database, { path: "/join", cookie });
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  test("wrong codes from the page count against its join-device id", async () => {
    const first = await callRoute(joinPage, database, { path: "/join" });
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0];
    const answer = await callRoute(joinPage, database, {
      path: "/join",
      method: "POST",
      cookie,
      form: { code: "NOPE-2345-PAGE", firstName: "Pia", lastName: "Page" },
    });
    expect(answer.status).toBe(404);
    const rows = await database.db.select().from(rateLimits);
    expect(rows.some((row) => row.key.startsWith("student-join-failed:device:") && row.count === 1)).toBe(true);
  });
});

describe("personal codes", () => {
  test("30 wrong personal codes from an address in 15 minutes stop personal-code joins there, not name joins", async () => {
    const { klass } = await classWithCode("PERS-2345-CODE");
    await createStudent(database.db, {
      schoolId: world.riverside.id,
      classId: klass.id,
      firstName: "Nia",
      lastName: "Named",
    });
    const ip = "203.0.113.40";
    const start = new Date();
    await database.db.insert(rateLimits).values({
      key: `student-join-personal-failed:ip:${ip}`,
      windowStart: start,
      count: RATE_LIMITS.personalCodeFailuresPerIp.limit,
    });
    expect(await status(device(ip).join({ code: "PERS-2345-CODE", personalCode: "HTW-777" }))).toBe(429);
    expect((await device(ip).join({ code: "PERS-2345-CODE", firstName: "Nia", lastName: "Named" })).status).toBe(
      "joined",
    );
  });

  test("a wrong personal code counts against the address's personal-code limit", async () => {
    await classWithCode("PERT-2345-CODE");
    const ip = "203.0.113.41";
    expect(await status(device(ip).join({ code: "PERT-2345-CODE", personalCode: "HTW-777" }))).toBe(400);
    expect(await count(`student-join-personal-failed:ip:${ip}`)).toBe(1);
  });
});
