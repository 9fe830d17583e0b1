/**
 * Every failure limit holds under a parallel burst (issue #35, point 2): each
 * takes its hit in one statement (INSERT … ON CONFLICT … DO UPDATE …
 * RETURNING count) before its check, so a few hundred guesses in flight
 * together cannot all pass a count read before any of them added to it. The
 * race is real on PostgreSQL (CI's PostgreSQL step runs this file again with
 * TEST_DATABASE_URL, where the burst spreads over the pool's 10
 * connections); on PGlite the calls still interleave between statements.
 * Each test counts the attempts that were CHECKED (a wrong answer, not a
 * 429) and expects exactly the limit.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { changePassword, verifyCredentials } from "~/server/auth/accounts.server";
import type { DeviceEntry } from "~/server/auth/device-cookie.server";
import { hashPassword } from "~/server/auth/password.server";
import { joinClass } from "~/server/class-codes/join.server";
import type { Database } from "~/server/db/client.server";
import { classes, credentials, rateLimits, students } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { NEW_NAMES_PER_CODE, RATE_LIMITS } from "~/server/security/rate-limit.server";
import { createTestDatabase } from "../support/database";
import {
  type ClassWorld,
  createClass,
  createClassCode,
  createClassWorld,
  createStudent,
  createUser,
} from "../support/fixtures";

let database: Database;
let world: ClassWorld;
const PASSWORD = "Correct-Horse-9";
const WRONG = "Wrong-Horse-9";

beforeAll(async () => {
  database = await createTestDatabase();
  world = await createClassWorld(database.db);
});

beforeEach(async () => {
  await database.db.delete(rateLimits);
});

/** The HTTP status each attempt of a burst ended with (200: it worked). */
async function burst(count: number, attempt: (index: number) => Promise<unknown>): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      attempt(index).then(
        () => 200,
        (error: unknown) => {
          if (error instanceof DomainError) return error.status;
          throw error;
        },
      ),
    ),
  );
}

const checked = (statuses: number[]) => statuses.filter((status) => status !== 429).length;

const deviceId = () => `burst-${randomBytes(9).toString("hex")}`;

async function classWithCode(code: string) {
  const klass = await createClass(database.db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  await database.db.update(classes).set({ joinMode: "name", newNames: "allow" }).where(eq(classes.id, klass.id));
  await createClassCode(database.db, { classId: klass.id, code });
  return klass;
}

test("300 wrong personal codes at once from one address: exactly 30 are checked", async () => {
  const klass = await classWithCode("BRST-2345-PERS");
  const child = await createStudent(database.db, { schoolId: world.riverside.id, classId: klass.id });
  await database.db.update(students).set({ personalCode: "KMR-394" }).where(eq(students.id, child.id));
  const ip = "203.0.113.200";
  const statuses = await burst(300, (index) =>
    joinClass(database.db, {
      code: "BRST-2345-PERS",
      // Every guess differs and none is the child's.
      personalCode: `ZZ${String.fromCharCode(65 + (index % 26))}-${String(100 + index).padStart(3, "0")}`,
      ip,
      deviceId: deviceId(),
      tokenKind: "app",
    }),
  );
  expect(statuses.filter((status) => status === 200)).toHaveLength(0);
  expect(checked(statuses)).toBe(RATE_LIMITS.personalCodeFailuresPerIp.limit);
  // The child's own card still works from another address.
  const joined = await joinClass(database.db, {
    code: "BRST-2345-PERS",
    personalCode: "KMR-394",
    ip: "198.51.100.7",
    deviceId: deviceId(),
    tokenKind: "app",
  });
  expect(joined.status).toBe("joined");
}, 120_000);

test("600 wrong class codes at once from one address, each from its own device: exactly 500 are checked", async () => {
  const ip = "203.0.113.201";
  const statuses = await burst(600, (index) =>
    joinClass(database.db, {
      code: `NONE-${2000 + index}-GUES`,
      firstName: "A",
      lastName: "B",
      ip,
      deviceId: deviceId(),
      tokenKind: "app",
    }),
  );
  expect(checked(statuses)).toBe(RATE_LIMITS.classCodeJoinFailuresPerIp.limit);
}, 120_000);

test("200 wrong class codes at once from one device: exactly 5 are checked", async () => {
  const device = deviceId();
  const statuses = await burst(200, (index) =>
    joinClass(database.db, {
      code: `NONE-${3000 + index}-GUES`,
      firstName: "A",
      lastName: "B",
      ip: "203.0.113.202",
      deviceId: device,
      tokenKind: "app",
    }),
  );
  expect(checked(statuses)).toBe(RATE_LIMITS.classCodeJoinFailuresPerDevice.limit);
}, 120_000);

test("100 new names at once with one code: exactly 40 are let in, the rest wait for the teacher", async () => {
  await classWithCode("BRST-2345-NAME");
  const outcomes = await Promise.all(
    Array.from({ length: 100 }, (_, index) =>
      joinClass(database.db, {
        code: "BRST-2345-NAME",
        firstName: `Burst${index}`,
        lastName: "Newname",
        ip: `198.51.100.${index}`,
        deviceId: deviceId(),
        tokenKind: "app",
      }),
    ),
  );
  expect(outcomes.filter((outcome) => outcome.status === "joined")).toHaveLength(NEW_NAMES_PER_CODE);
}, 120_000);

async function teacherWithPassword() {
  const user = await createUser(database.db, { schoolId: world.riverside.id });
  await database.db.insert(credentials).values({ userId: user.id, passwordHash: await hashPassword(PASSWORD) });
  return user;
}

test("200 wrong passwords at once for one account from many addresses: exactly 10 are checked", async () => {
  const user = await teacherWithPassword();
  const statuses = await burst(200, (index) =>
    verifyCredentials(database.db, { email: user.email, password: WRONG }, `192.0.2.${index % 250}`),
  );
  expect(checked(statuses)).toBe(RATE_LIMITS.signInPerEmail.limit);
}, 120_000);

test("300 wrong passwords at once from one address, each for another e-mail: exactly 100 are checked", async () => {
  const statuses = await burst(300, (index) =>
    verifyCredentials(database.db, { email: `nobody.${index}@burst.example`, password: WRONG }, "203.0.113.203"),
  );
  expect(checked(statuses)).toBe(RATE_LIMITS.signInPerIp.limit);
}, 120_000);

test("200 wrong passwords at once from a known browser: 10 on its own count, then 10 on the account's", async () => {
  const user = await teacherWithPassword();
  const device: DeviceEntry = { userId: user.id, deviceId: deviceId() };
  const statuses = await burst(200, () =>
    verifyCredentials(database.db, { email: user.email, password: WRONG }, "203.0.113.204", [device]),
  );
  expect(checked(statuses)).toBe(RATE_LIMITS.signInPerDevice.limit + RATE_LIMITS.signInPerEmail.limit);
}, 120_000);

test("200 wrong current passwords at once on one account: exactly 10 are checked", async () => {
  const user = await teacherWithPassword();
  const statuses = await burst(200, () =>
    changePassword(database.db, { id: user.id }, "no-session", {
      currentPassword: WRONG,
      newPassword: "Another-Horse-10",
      confirmPassword: "Another-Horse-10",
    } as Parameters<typeof changePassword>[3]),
  );
  expect(checked(statuses)).toBe(RATE_LIMITS.passwordCheckPerAccount.limit);
}, 120_000);
