/**
 * A teacher's class list from a CSV (issue 39.1) on a real database (PGlite;
 * PostgreSQL with TEST_DATABASE_URL): the preview saves nothing, the confirm
 * applies exactly the preview, a re-import changes nothing, removal only when
 * ticked, 1,000 rows, another teacher's class is 404, the audit has counts only.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { bodyLimitFor } from "~/http/body-limit.server";
import * as importRoute from "~/routes/class/students-import";
import type { Database, Db } from "~/server/db/client.server";
import { auditEvents, classStudents, studentContacts, students } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { applyRosterImport, MAX_ROSTER_CSV_BYTES, previewRosterImport } from "~/server/students/roster-import.server";
import { createTestDatabase } from "../support/database";
import { type ClassWorld, createClass, createClassWorld, createStudent } from "../support/fixtures";
import { callRoute, signIn } from "../support/route-call";

let database: Database;
let db: Db;
let world: ClassWorld;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  world = await createClassWorld(db);
});

async function newClass(names: [string, string][] = []) {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  for (const [firstName, lastName] of names) {
    await createStudent(db, { schoolId: world.riverside.id, classId: klass.id, firstName, lastName });
  }
  return klass;
}

const rosterOf = async (classId: number) =>
  (
    await db
      .select({ firstName: students.firstName, lastName: students.lastName })
      .from(classStudents)
      .innerJoin(students, eq(students.id, classStudents.studentId))
      .where(eq(classStudents.classId, classId))
  )
    .map((s) => `${s.firstName} ${s.lastName}`)
    .sort();

async function importText(classId: number, text: string, remove: (plan: { id: number }[]) => number[] = () => []) {
  const teacher = world.actors.teacher;
  const { plan } = await previewRosterImport(db, teacher, classId, text);
  const result = await applyRosterImport(db, teacher, classId, {
    text,
    choice: {},
    fingerprint: plan.fingerprint,
    remove: remove(plan.missing),
  });
  return { plan, result };
}

const GERMAN =
  "\uFEFFVorname;Nachname;Erziehungsberechtigte;Beziehung;E-Mail;Telefon\r\n" +
  "Jürgen;Müller;Petra Müller;Mutter;petra@example.org;+49 30 1234567\r\n" +
  '"Anna Maria";"von Schmidt";;;;\r\n' +
  "Felix;Costa;;;;\r\n";

test("a CSV with German headers, a BOM and semicolons: the preview saves nothing, the confirm applies it, again changes nothing", async () => {
  const klass = await newClass([
    ["Felix", "Costa"],
    ["Nora", "Alt"],
  ]);
  const before = await rosterOf(klass.id);
  const { plan } = await previewRosterImport(db, world.actors.teacher, klass.id, GERMAN);
  expect(plan.create.map((s) => `${s.firstName} ${s.lastName}`)).toEqual(["Jürgen Müller", "Anna Maria von Schmidt"]);
  expect(plan.create[0].contacts).toMatchObject([
    { name: "Petra Müller", relationship: "Mutter", email: "petra@example.org", phonePrimary: "+49 30 1234567" },
  ]);
  expect(plan.unchanged).toBe(1);
  expect(plan.missing.map((s) => s.firstName)).toEqual(["Nora"]);
  expect(await rosterOf(klass.id)).toEqual(before);

  const { result } = await importText(klass.id, GERMAN);
  expect(result).toEqual({ created: 2, updated: 0, removed: 0, skipped: 0 });
  expect(await rosterOf(klass.id)).toEqual(
    ["Anna Maria von Schmidt", "Felix Costa", "Jürgen Müller", "Nora Alt"].sort(),
  );
  const again = await importText(klass.id, GERMAN);
  expect(again.plan.create).toEqual([]);
  expect(again.plan.update).toEqual([]);
  expect(again.result).toEqual({ created: 0, updated: 0, removed: 0, skipped: 0 });
  expect((await rosterOf(klass.id)).length).toBe(4);

  // The audit event has counts, never the rows.
  const events = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "student.import"), eq(auditEvents.targetId, String(klass.id))));
  expect(events).toHaveLength(2);
  expect(events[0].details).toMatchObject({ created: 2, rows: 3, kept: 1 });
  expect(JSON.stringify(events)).not.toMatch(/Müller|petra@|Schmidt/);
});

test("a file with every kind of error: each row with its line and what is wrong; the good rows still import", async () => {
  const klass = await newClass([["Ida", "Lee"]]);
  const text = [
    "First name,Last name,Guardian,E-mail,Phone",
    "Ada,Lovelace,,,", // 2: fine
    ",Curie,,,", // 3: no first name
    "Marie,,,,", // 4: no last name
    "Alan,Turing,Sara Turing,not-an-e-mail,", // 5: a bad e-mail
    "Grace,Hopper,,grace@example.org,", // 6: a contact without a name
    "B☺b,Marley,,,", // 7: a symbol in a name
    "ADA,lovelace,,,", // 8: the same name as line 2
    `${"x".repeat(81)},Long,,,`, // 9: too long
  ].join("\n");
  const { plan } = await previewRosterImport(db, world.actors.teacher, klass.id, text);
  const byLine = (line: number) => plan.problems.filter((p) => p.line === line).map((p) => p.message);
  expect(byLine(2)).toEqual([]);
  expect(byLine(3)).toEqual(["Enter a first name"]);
  expect(byLine(4)).toEqual(["Enter a last name"]);
  expect(byLine(5)).toEqual(["Enter an e-mail address like name@example.org"]);
  expect(byLine(6)).toEqual(["Enter the contact's name"]);
  expect(byLine(7)).toEqual(["Use only letters, digits, spaces, hyphens, apostrophes and full stops in a name."]);
  expect(byLine(8)).toEqual(["The same name as line {line}."]);
  expect(byLine(9)).toEqual(["First name must be at most 80 characters"]);
  const { result } = await importText(klass.id, text);
  expect(result).toMatchObject({ created: 1, skipped: 7 });
  expect(await rosterOf(klass.id)).toEqual(["Ada Lovelace", "Ida Lee"]);

  // Unreadable, empty, without name columns: refused or told, never a 500, nothing saved.
  const refused = async (bad: string) => {
    try {
      await previewRosterImport(db, world.actors.teacher, klass.id, bad);
      return "OK";
    } catch (error) {
      return error instanceof DomainError ? error.code : "THROWN";
    }
  };
  expect(await refused('First name,Last name\nAda,"Lov\nx"e,z')).toBe("BAD_REQUEST");
  expect(await refused("First name,Last name\n")).toBe("BAD_REQUEST");
  expect(await refused("First name,Last name\nAda,Lo\u0000velace\n")).toBe("BAD_REQUEST");
  expect(await refused("x".repeat(MAX_ROSTER_CSV_BYTES + 1))).toBe("BAD_REQUEST");
  const noNames = await previewRosterImport(db, world.actors.teacher, klass.id, "Kid,Family\nAda,Lovelace\n");
  expect(noNames.plan.problems).toEqual([{ line: 1, message: "Choose the columns of the first and last names." }]);
  const chosen = await previewRosterImport(db, world.actors.teacher, klass.id, "Kid,Family\nZoe,Zed\n", {
    firstName: 0,
    lastName: 1,
  });
  expect(chosen.plan.create.map((s) => s.firstName)).toEqual(["Zoe"]);
});

test("students not in the file stay unless ticked; a tick for anyone else is ignored; a changed list refuses the confirm", async () => {
  const klass = await newClass([
    ["Nora", "Alt"],
    ["Otto", "Alt"],
  ]);
  const text = "First name,Last name\nNora,Alt\n";
  const kept = await importText(klass.id, text);
  expect(kept.result.removed).toBe(0);
  expect(await rosterOf(klass.id)).toEqual(["Nora Alt", "Otto Alt"]);

  const other = await newClass([["Paul", "Else"]]);
  const [paul] = await db
    .select({ id: classStudents.studentId })
    .from(classStudents)
    .where(eq(classStudents.classId, other.id));
  const removed = await importText(klass.id, text, (missing) => [...missing.map((s) => s.id), paul.id]);
  expect(removed.result.removed).toBe(1);
  expect(await rosterOf(klass.id)).toEqual(["Nora Alt"]);
  expect(await rosterOf(other.id)).toEqual(["Paul Else"]);

  // The preview is stale when the class list changed: 409, nothing applied.
  const { plan } = await previewRosterImport(db, world.actors.teacher, klass.id, "First name,Last name\nNew,Kid\n");
  await createStudent(db, { schoolId: world.riverside.id, classId: klass.id, firstName: "Late", lastName: "Comer" });
  await expect(
    applyRosterImport(db, world.actors.teacher, klass.id, {
      text: "First name,Last name\nNew,Kid\n",
      choice: {},
      fingerprint: plan.fingerprint,
      remove: [],
    }),
  ).rejects.toMatchObject({ code: "CONFLICT" });
  expect(await rosterOf(klass.id)).toEqual(["Late Comer", "Nora Alt"]);
});

test("another school's teacher gets 404 and changes nothing", async () => {
  const klass = await newClass([["Nora", "Alt"]]);
  const text = "First name,Last name\nEve,Intruder\n";
  await expect(previewRosterImport(db, world.actors.otherTeacher, klass.id, text)).rejects.toMatchObject({
    code: "NOT_FOUND",
  });
  await expect(
    applyRosterImport(db, world.actors.otherTeacher, klass.id, { text, choice: {}, fingerprint: "x", remove: [] }),
  ).rejects.toMatchObject({ code: "NOT_FOUND" });
  expect(await rosterOf(klass.id)).toEqual(["Nora Alt"]);
});

test("1,000 rows with a contact each: within the route's body limit, previewed and imported through the route", async () => {
  const klass = await newClass();
  const rows = Array.from(
    { length: 1000 },
    (_, i) => `Kind ${i};Nachname;Elternteil ${i};Mutter;p${i}@example.org;+49 30 ${1000000 + i}`,
  );
  const text = `\uFEFFVorname;Nachname;Elternteil;Beziehung;E-Mail;Telefon\r\n${rows.join("\r\n")}\r\n`;
  expect(Buffer.byteLength(text) * 2).toBeLessThan(bodyLimitFor(`/class/${klass.id}/students/import`).bytes);
  expect(bodyLimitFor(`/class/${klass.id}/students/manage`).bytes).toBeLessThan(
    bodyLimitFor(`/class/${klass.id}/students/import`).bytes,
  );
  const cookie = await signIn(database, world.users.teacher.id);
  const call = (form: Record<string, string>) =>
    callRoute(importRoute, database, {
      method: "POST",
      path: `/class/${klass.id}/students/import`,
      params: { classId: klass.id },
      cookie,
      form,
    });
  const preview = await call({ intent: "preview", csvText: text });
  expect(preview.status).toBe(200);
  const body = await preview.json();
  expect(body.preview.plan.create).toHaveLength(1000);
  expect(body.preview.plan.problems).toEqual([]);
  expect((await rosterOf(klass.id)).length).toBe(0);
  const confirm = await call({ intent: "confirm", csvText: text, fingerprint: body.preview.plan.fingerprint });
  expect(confirm.status).toBe(302);
  expect(confirm.headers.get("location")).toBe(`/class/${klass.id}/students/manage`);
  expect((await rosterOf(klass.id)).length).toBe(1000);
  const contacts = await db
    .select({ studentId: studentContacts.studentId })
    .from(studentContacts)
    .innerJoin(classStudents, eq(classStudents.studentId, studentContacts.studentId))
    .where(eq(classStudents.classId, klass.id));
  expect(contacts).toHaveLength(1000);

  // One row more: a clear message, 400, nothing saved.
  const tooMany = await call({ intent: "preview", csvText: `${text}Extra;Kind\r\n` });
  expect(tooMany.status).toBe(400);
  expect((await tooMany.json()).error).toBe("At most 1000 students in one import; this file has 1001.");
  expect((await rosterOf(klass.id)).length).toBe(1000);
});
