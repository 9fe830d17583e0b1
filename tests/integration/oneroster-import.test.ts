/**
 * A school from a OneRoster 1.2 CSV zip (issue 39.2) on a real database
 * (PGlite; PostgreSQL with TEST_DATABASE_URL): a sample set made here (two
 * classes, two teachers, 60 students); preview saves nothing, the confirm
 * applies exactly the preview, the same file again changes nothing, a later
 * export renames and moves a student who keeps their answers; a file with
 * every kind of error; the bounds; another school's admin and a teacher get
 * 404; nothing of the file reaches the logs or the audit log.
 */
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { beforeAll, expect, test } from "vitest";
import { bodyLimitFor } from "~/http/body-limit.server";
import { createStudentApiClient } from "~/lib/student-api/client";
import * as importRoute from "~/routes/admin/school-import";
import type { Database, Db } from "~/server/db/client.server";
import {
  auditEvents,
  classes,
  classStudents,
  classTeachers,
  credentials,
  responses,
  schools,
  students,
  users,
} from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { ONEROSTER_LIMITS } from "~/server/oneroster/oneroster-files.server";
import {
  applyOneRosterImport,
  IMPORTS_BUSY_MESSAGE,
  ONEROSTER_IMPORTS_AT_ONCE,
  previewOneRosterImport,
} from "~/server/oneroster/oneroster-import.server";
import { createTestDatabase } from "../support/database";
import {
  actorOf,
  type ClassWorld,
  createAssignment,
  createClass,
  createClassCode,
  createClassWorld,
  createResponse,
  createSchool,
  createSurvey,
  createUser,
} from "../support/fixtures";
import {
  type RosterSet,
  rowOf,
  SECRET_NAME,
  SECRET_PHONE,
  sampleRoster,
  setCell,
  studentName,
  zipRoster,
} from "../support/oneroster";
import { callRoute, signIn } from "../support/route-call";
import { studentApiFetch } from "../support/student-api-app";

let database: Database;
let db: Db;
let world: ClassWorld;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  world = await createClassWorld(db);
});

/** A school of its own and its admin, so each test starts from an empty roster. */
async function freshSchool() {
  const school = await createSchool(db);
  const admin = await createUser(db, { schoolId: school.id, role: "admin", name: "Iris Admin" });
  const domain = `school${school.id}.example`;
  return { school, admin: actorOf(admin), sample: () => sampleRoster(domain), domain };
}

async function importSet(actor: ReturnType<typeof actorOf>, schoolId: number, set: RosterSet | Uint8Array) {
  const zip = set instanceof Uint8Array ? set : zipRoster(set);
  const plan = await previewOneRosterImport(db, actor, schoolId, zip);
  const result = await applyOneRosterImport(db, actor, schoolId, { zip, fingerprint: plan.fingerprint });
  return { plan, result };
}

/** Every row the import can touch in a school, with updated_at: equal before and after means nothing changed. */
async function schoolSnapshot(schoolId: number) {
  const classRows = await db.select().from(classes).where(eq(classes.schoolId, schoolId)).orderBy(classes.id);
  const studentRows = await db.select().from(students).where(eq(students.schoolId, schoolId)).orderBy(students.id);
  const staffRows = await db.select().from(users).where(eq(users.schoolId, schoolId)).orderBy(users.id);
  const classIds = classRows.map((c) => c.id);
  const members = (await db.select().from(classStudents)).filter((m) => classIds.includes(m.classId));
  const teaching = (await db.select().from(classTeachers)).filter((m) => classIds.includes(m.classId));
  return { classRows, studentRows, staffRows, members, teaching };
}

const membersOf = async (schoolId: number, classSourcedId: string) =>
  (
    await db
      .select({ sourcedId: students.sourcedId })
      .from(classStudents)
      .innerJoin(classes, eq(classes.id, classStudents.classId))
      .innerJoin(students, eq(students.id, classStudents.studentId))
      .where(and(eq(classes.schoolId, schoolId), eq(classes.sourcedId, classSourcedId)))
  )
    .map((row) => row.sourcedId)
    .sort();

test("a sample set: the preview saves nothing; the confirm creates two classes, their teachers and 60 students with their enrolments", async () => {
  const { school, admin, sample, domain } = await freshSchool();
  const zip = zipRoster(sample());
  const before = await schoolSnapshot(school.id);
  const plan = await previewOneRosterImport(db, admin, school.id, zip);
  expect(plan.blocked).toBe(false);
  expect(plan.problems).toEqual([]);
  expect(plan.classes.create.map((c) => c.name)).toEqual(["5A Maths", "5B Maths"]);
  expect(plan.teachers.create.map((t) => t.email)).toEqual([`tamsin.oakley@${domain}`, `ravi.brook@${domain}`]);
  expect(plan.students.create).toHaveLength(60);
  expect(plan.enrolments.add).toHaveLength(62);
  expect(plan.otherUsers).toBe(1);
  expect(plan.ignoredFiles).toEqual(["courses.csv"]);
  expect(await schoolSnapshot(school.id)).toEqual(before);

  const result = await applyOneRosterImport(db, admin, school.id, { zip, fingerprint: plan.fingerprint });
  expect(result).toEqual({ classes: 2, teachers: 2, students: 60, enrolled: 62, ended: 0, problems: 0 });
  expect(await membersOf(school.id, "cls-1")).toHaveLength(30);
  expect(await membersOf(school.id, "cls-2")).toHaveLength(30);
  // Teachers: staff of the school, role teacher, no password (they sign in with the school's account), each owning their class.
  const teachers = await db
    .select({ id: users.id, role: users.role, email: users.email, sourcedId: users.sourcedId })
    .from(users)
    .where(and(eq(users.schoolId, school.id), isNotNull(users.sourcedId)));
  expect(teachers.map((t) => [t.sourcedId, t.role]).sort()).toEqual([
    ["tch-1", "teacher"],
    ["tch-2", "teacher"],
  ]);
  for (const teacher of teachers) {
    expect(await db.select().from(credentials).where(eq(credentials.userId, teacher.id))).toEqual([]);
  }
  const owners = await db
    .select({ role: classTeachers.role, name: classes.name })
    .from(classTeachers)
    .innerJoin(classes, eq(classes.id, classTeachers.classId))
    .where(eq(classes.schoolId, school.id));
  expect(owners.map((o) => `${o.name}:${o.role}`).sort()).toEqual(["5A Maths:owner", "5B Maths:owner"]);

  // The audit event: counts, never a name, e-mail address or phone number.
  const events = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "roster.import"), eq(auditEvents.schoolId, school.id)));
  expect(events).toHaveLength(1);
  expect(events[0].details).toMatchObject({ created: { classes: 2, teachers: 2, students: 60 }, enrolled: 62 });
  expect(JSON.stringify(events)).not.toMatch(/Oakley|tamsin|Quibbleworth|7700|Family/);
});

test("the same file again changes nothing (row counts and updated_at); a stale preview is refused", async () => {
  const { school, admin, sample } = await freshSchool();
  await importSet(admin, school.id, sample());
  const before = await schoolSnapshot(school.id);
  const { plan, result } = await importSet(admin, school.id, sample());
  expect(plan.classes).toMatchObject({ create: [], rename: [], unchanged: 2, missing: [] });
  expect(plan.teachers).toMatchObject({ create: [], update: [], unchanged: 2, missing: [] });
  expect(plan.students).toMatchObject({ create: [], rename: [], unchanged: 60, missing: [] });
  expect(plan.enrolments).toMatchObject({ add: [], end: [], unchanged: 62 });
  expect(result).toEqual({ classes: 0, teachers: 0, students: 0, enrolled: 0, ended: 0, problems: 0 });
  expect(await schoolSnapshot(school.id)).toEqual(before);

  // A preview of a changed file does not apply to the original one (the fingerprint covers the upload).
  const changed = sample();
  setCell(changed.classes, "cls-1", "title", "5A Algebra");
  const stale = await previewOneRosterImport(db, admin, school.id, zipRoster(changed));
  await expect(
    applyOneRosterImport(db, admin, school.id, { zip: zipRoster(sample()), fingerprint: stale.fingerprint }),
  ).rejects.toMatchObject({ code: "CONFLICT" });
  expect(await schoolSnapshot(school.id)).toEqual(before);
});

test("a later export renames a student and moves one to the other class: the membership ends, the answers stay", async () => {
  const { school, admin, sample } = await freshSchool();
  await importSet(admin, school.id, sample());
  const [mover] = await db
    .select()
    .from(students)
    .where(and(eq(students.schoolId, school.id), eq(students.sourcedId, "stu-010")));
  const [class1] = await db
    .select()
    .from(classes)
    .where(and(eq(classes.schoolId, school.id), eq(classes.sourcedId, "cls-1")));
  const survey = await createSurvey(db);
  const assignment = await createAssignment(db, { classId: class1.id, surveyId: survey.id, status: "active" });
  const answer = await createResponse(db, { assignmentId: assignment.id, studentId: mover.id, answers: { q1: "yes" } });

  const later = sample();
  setCell(later.users, "stu-005", "givenName", "Beatrix");
  setCell(later.enrollments, "enr-stu-010", "classSourcedId", "cls-2");
  const { plan, result } = await importSet(admin, school.id, later);
  expect(plan.students.rename.map((s) => [s.from.firstName, s.firstName])).toEqual([
    [studentName(5).firstName, "Beatrix"],
  ]);
  expect(plan.enrolments.end.map((e) => [e.className, e.studentName.lastName])).toEqual([
    ["5A Maths", studentName(10).lastName],
  ]);
  expect(plan.enrolments.add).toEqual([{ classSourcedId: "cls-2", userSourcedId: "stu-010", role: "student" }]);
  expect(result).toMatchObject({ students: 1, enrolled: 1, ended: 1 });
  expect(await membersOf(school.id, "cls-1")).not.toContain("stu-010");
  expect(await membersOf(school.id, "cls-2")).toContain("stu-010");
  const [renamed] = await db
    .select()
    .from(students)
    .where(and(eq(students.schoolId, school.id), eq(students.sourcedId, "stu-005")));
  expect(renamed.firstName).toBe("Beatrix");
  // The student is kept (same id), and so is the answer given in the class they left.
  expect(await db.select().from(responses).where(eq(responses.id, answer.id))).toHaveLength(1);
  const [{ total }] = await db.select({ total: count() }).from(students).where(eq(students.schoolId, school.id));
  expect(total).toBe(60);

  // A student missing from a later export is listed as not in the file, kept, and leaves the file's classes.
  const without = later;
  without.users = without.users.filter((row) => row[0] !== "stu-060");
  without.roles = without.roles.filter((row) => row[3] !== "stu-060");
  without.enrollments = without.enrollments.filter((row) => row[5] !== "stu-060");
  const gone = await importSet(admin, school.id, without);
  expect(gone.plan.students.missing.map((s) => s.lastName)).toEqual([studentName(60).lastName]);
  expect(gone.result).toMatchObject({ ended: 1 });
  const kept = await db
    .select()
    .from(students)
    .where(and(eq(students.schoolId, school.id), eq(students.sourcedId, "stu-060")));
  expect(kept).toHaveLength(1);
});

test("a file with every kind of error: each with its file, line and field; nothing of a broken set is saved", async () => {
  const { school, admin, sample } = await freshSchool();
  const set = sample();
  setCell(set.orgs, "org-district", "type", "galaxy"); // orgs.csv 2 type
  set.users.push([...rowOf(set.users, "stu-001")]); // users.csv 65: the same sourcedId as line 5
  setCell(set.users, "stu-002", "givenName", ""); // users.csv 6 givenName
  setCell(set.users, "stu-003", "familyName", "B☺b"); // users.csv 7 familyName
  setCell(set.users, "tch-2", "email", ""); // users.csv 3 email
  setCell(set.users, "stu-004", "status", "gone"); // users.csv 8 status
  setCell(set.roles, "r-stu-005", "role", "wizard"); // roles.csv 9 role
  setCell(set.roles, "r-stu-006", "orgSourcedId", "org-nowhere"); // roles.csv 10 orgSourcedId
  set.classes.push(["cls-3", "active", "", "6C", "", "", "", "", "", "org-nowhere", "", "", "", ""]); // classes.csv 4
  setCell(set.enrollments, "enr-stu-008", "userSourcedId", "stu-999"); // enrollments.csv 11
  setCell(set.enrollments, "enr-stu-009", "classSourcedId", "cls-999"); // enrollments.csv 12
  setCell(set.enrollments, "enr-stu-011", "role", "teacher"); // enrollments.csv 14: a student enrolled as a teacher
  setCell(set.enrollments, "enr-stu-012", "role", "janitor"); // enrollments.csv 15
  const plan = await previewOneRosterImport(db, admin, school.id, zipRoster(set));
  const where = plan.problems.map((p) => `${p.file}:${p.line}:${p.field}`);
  expect(where).toEqual(
    expect.arrayContaining([
      "orgs.csv:2:type",
      "users.csv:65:sourcedId",
      "users.csv:6:givenName",
      "users.csv:7:familyName",
      "users.csv:3:email",
      "users.csv:8:status",
      "roles.csv:9:role",
      "roles.csv:10:orgSourcedId",
      "classes.csv:4:schoolSourcedId",
      "enrollments.csv:11:userSourcedId",
      "enrollments.csv:12:classSourcedId",
      "enrollments.csv:14:role",
      "enrollments.csv:15:role",
    ]),
  );
  expect(plan.blocked).toBe(false);
  // Rows with problems are left out (a student whose roles.csv row is wrong is still one by their enrolment).
  expect(plan.students.create).toHaveLength(60 - 3);
  expect(JSON.stringify(plan.problems)).not.toContain(SECRET_PHONE);

  // Problems with the files stop the import: the manifest, a missing file, a missing column.
  const broken = sample();
  setCell(broken.manifest, "oneroster.version", "value", "1.1"); // manifest.csv 3 value
  setCell(broken.manifest, "file.users", "value", "delta"); // manifest.csv 11 value
  broken.enrollments = broken.enrollments.map((row) => row.filter((_, index) => index !== 6)); // no role column
  const blocked = await previewOneRosterImport(db, admin, school.id, zipRoster(broken, { omit: ["courses.csv"] }));
  expect(blocked.blocked).toBe(true);
  expect(blocked.problems.map((p) => `${p.file}:${p.line}:${p.field}`)).toEqual(
    expect.arrayContaining([
      "manifest.csv:3:value",
      "manifest.csv:7:value", // file.courses is bulk, but the zip has no courses.csv
      "manifest.csv:11:value",
      "enrollments.csv:1:role",
    ]),
  );
  const before = await schoolSnapshot(school.id);
  await expect(
    applyOneRosterImport(db, admin, school.id, { zip: zipRoster(broken), fingerprint: blocked.fingerprint }),
  ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  const noManifest = await previewOneRosterImport(
    db,
    admin,
    school.id,
    zipRoster(sample(), { omit: ["manifest.csv", "classes.csv"] }),
  );
  expect(noManifest.problems.map((p) => p.message)).toEqual(["The zip has no manifest.csv.", "The zip has no {file}."]);
  expect(await schoolSnapshot(school.id)).toEqual(before);
});

test("the bounds: size, files, unpacked bytes (a zip bomb), rows; not a zip; each a 400 with a message, never a 500", async () => {
  const { school, admin, sample } = await freshSchool();
  const refused = async (zip: Uint8Array) => {
    try {
      await previewOneRosterImport(db, admin, school.id, zip);
      return "OK";
    } catch (error) {
      return error instanceof DomainError ? `${error.code}: ${error.message}` : `THROWN ${error}`;
    }
  };
  expect(await refused(new Uint8Array(ONEROSTER_LIMITS.zipBytes + 1))).toMatch(/^BAD_REQUEST: The zip file is larger/);
  expect(await refused(strToU8("sourcedId,name\n1,2\n"))).toMatch(/^BAD_REQUEST: The file is not a zip file/);
  const many = Object.fromEntries(
    Array.from({ length: ONEROSTER_LIMITS.entries + 1 }, (_, i) => [`f${i}.csv`, strToU8("a")]),
  );
  expect(await refused(zipSync(many))).toMatch(/^BAD_REQUEST: The zip file holds more than/);
  const bomb = zipSync({ "users.csv": new Uint8Array(ONEROSTER_LIMITS.uncompressedBytes + 1) }, { level: 9 });
  expect(bomb.byteLength).toBeLessThan(100_000);
  expect(await refused(bomb)).toMatch(/^BAD_REQUEST: The zip file unpacks to more than/);

  const long = sample();
  for (let n = 0; n <= ONEROSTER_LIMITS.rowsPerFile; n++)
    long.enrollments.push([`e${n}`, "", "", "cls-1", "org-school", "stu-001", "student"]);
  const plan = await previewOneRosterImport(db, admin, school.id, zipRoster(long));
  expect(plan.blocked).toBe(true);
  expect(plan.problems.map((p) => `${p.file}:${p.message}`)).toEqual([
    "enrollments.csv:At most {count} rows in one file.",
  ]);
  expect(bodyLimitFor(`/admin/schools/${school.id}/import`).bytes).toBeGreaterThan(ONEROSTER_LIMITS.zipBytes * 1.3);
});

test("imports at once: past the instance's places every upload is a 503 with Retry-After at once, through the screen too, and the places come back (issue #35)", async () => {
  const { school, admin, sample } = await freshSchool();
  const zip = zipRoster(sample());
  // A self-signed-up school's admin sends 10 at once: each would hold its zip unpacked while it plans.
  const outcomes = await Promise.all(
    Array.from({ length: 10 }, () =>
      previewOneRosterImport(db, admin, school.id, zip).then(
        () => "planned",
        (error) => (error instanceof DomainError ? `${error.status} ${error.headers?.["Retry-After"]}` : String(error)),
      ),
    ),
  );
  expect(outcomes.filter((outcome) => outcome === "planned")).toHaveLength(ONEROSTER_IMPORTS_AT_ONCE);
  expect(outcomes.filter((outcome) => outcome === "503 30")).toHaveLength(10 - ONEROSTER_IMPORTS_AT_ONCE);

  // The same through the screen while two uploads hold the places: they are planned against another database
  // whose schools table a transaction keeps locked, so they wait inside their places until it ends.
  const other = await createTestDatabase();
  let unlock = () => {};
  const locked = new Promise<void>((resolve) => {
    unlock = resolve;
  });
  let lockTaken = () => {};
  const taken = new Promise<void>((resolve) => {
    lockTaken = resolve;
  });
  const lock = other.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${schools} in access exclusive mode`);
    lockTaken();
    await locked;
  });
  await taken;
  const holding = [1, 2].map(() => previewOneRosterImport(other.db, admin, school.id, zip).catch(() => null));
  const screen = await callRoute(importRoute, database, {
    path: `/admin/schools/${school.id}/import`,
    cookie: await signIn(database, admin.id),
    params: { schoolId: school.id },
    method: "POST",
    form: { intent: "preview", zipData: Buffer.from(zip).toString("base64") },
  });
  unlock();
  await Promise.all([lock, ...holding]);
  expect(screen.status).toBe(503);
  expect(screen.headers.get("Retry-After")).toBe("30");
  expect(await screen.text()).toContain(IMPORTS_BUSY_MESSAGE);
  // Done, the places are free again: a preview and its confirm go through.
  const { result } = await importSet(admin, school.id, zip);
  expect(result.students).toBe(60);
});

test("only into the admin's own school: another school's admin and a teacher get 404, the screen too", async () => {
  const zip = zipRoster(sampleRoster());
  const riverside = world.riverside.id;
  for (const actor of [world.actors.otherAdmin, world.actors.teacher]) {
    await expect(previewOneRosterImport(db, actor, riverside, zip)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(applyOneRosterImport(db, actor, riverside, { zip, fingerprint: "x" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  }
  const cookie = await signIn(database, world.users.otherAdmin.id);
  const path = `/admin/schools/${riverside}/import`;
  const params = { schoolId: riverside };
  expect((await callRoute(importRoute, database, { path, cookie, params })).status).toBe(404);
  const form = { intent: "preview", zipData: Buffer.from(zip).toString("base64") };
  expect((await callRoute(importRoute, database, { path, cookie, params, method: "POST", form })).status).toBe(404);
  const imported = await db
    .select()
    .from(classes)
    .where(and(eq(classes.schoolId, riverside), isNotNull(classes.sourcedId)));
  expect(imported).toEqual([]);
});

test("nothing of the file reaches the logs: preview, confirm, a refused confirm and a broken file, through the screen", async () => {
  const { school, admin, sample } = await freshSchool();
  const cookie = await signIn(database, admin.id);
  const path = `/admin/schools/${school.id}/import`;
  const params = { schoolId: school.id };
  const zipData = Buffer.from(zipRoster(sample())).toString("base64");
  const broken = sample();
  setCell(broken.users, "stu-007", "familyName", `${SECRET_NAME}☺`);
  const brokenData = Buffer.from(zipRoster(broken)).toString("base64");

  const written: string[] = [];
  const stdout = process.stdout.write.bind(process.stdout);
  const stderr = process.stderr.write.bind(process.stderr);
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  process.stdout.write = capture as typeof process.stdout.write;
  process.stderr.write = capture as typeof process.stderr.write;
  const originalConsole = { ...console };
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    console[level] = (...args: unknown[]) => written.push(args.map(String).join(" "));
  }
  let preview: Response;
  let stale: Response;
  let done: Response;
  try {
    preview = await callRoute(importRoute, database, {
      path,
      cookie,
      params,
      method: "POST",
      form: { intent: "preview", zipData },
    });
    await callRoute(importRoute, database, {
      path,
      cookie,
      params,
      method: "POST",
      form: { intent: "preview", zipData: brokenData },
    });
    stale = await callRoute(importRoute, database, {
      path,
      cookie,
      params,
      method: "POST",
      form: { intent: "confirm", zipData, fingerprint: "not-the-preview" },
    });
    const body = JSON.stringify(await preview.clone().json());
    const fingerprint = /"fingerprint":"([^"]+)"/.exec(body)?.[1] ?? "";
    done = await callRoute(importRoute, database, {
      path,
      cookie,
      params,
      method: "POST",
      form: { intent: "confirm", zipData, fingerprint },
    });
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
    Object.assign(console, originalConsole);
  }
  expect(preview.status).toBe(200);
  expect(await preview.text()).toContain(SECRET_NAME); // the admin sees the names …
  expect(stale.status).toBe(409);
  expect(done.status).toBe(302);
  const log = written.join("\n");
  expect(log).not.toContain(SECRET_PHONE); // … the logs never do
  expect(log).not.toContain(SECRET_NAME);
  expect(log).not.toContain("tamsin.oakley");
  expect(await db.select().from(students).where(eq(students.schoolId, school.id))).toHaveLength(60);
});

test("the student API and its typed client give an imported class's sourcedId, and null for any other class", async () => {
  const { school, admin, sample } = await freshSchool();
  await importSet(admin, school.id, sample());
  const [imported] = await db
    .select()
    .from(classes)
    .where(and(eq(classes.schoolId, school.id), eq(classes.sourcedId, "cls-2")));
  const typedIn = await createClass(db, { schoolId: school.id, name: "Typed in" });
  await createClassCode(db, { classId: imported.id, code: `OR-${school.id}-SRCD` });
  await createClassCode(db, { classId: typedIn.id, code: `OR-${school.id}-NONE` });
  const api = createStudentApiClient({ baseUrl: "http://school.test", fetch: studentApiFetch(database) });
  const { firstName, lastName } = studentName(31);
  const joined = await api.join({ code: `OR-${school.id}-SRCD`, firstName, lastName });
  expect(joined.status).toBe("joined");
  const sourcedId: string | null = joined.class.sourcedId;
  expect(sourcedId).toBe("cls-2");
  const other = await api.join({ code: `OR-${school.id}-NONE`, firstName: "Newly", lastName: "Arrived" });
  expect(other.class).toMatchObject({ id: typedIn.id, sourcedId: null });
});
