/** Students and contacts of a class: the domain rules, on a real database. */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { studentSchema } from "~/lib/schemas/classroom";
import { generateClassCode } from "~/server/class-codes/class-codes.server";
import type { Db } from "~/server/db/client.server";
import { auditEvents, classStudents, studentContacts, students } from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import {
  createStudent,
  getClassPeople,
  getStudent,
  listStudentsWithContacts,
  removeStudentFromClass,
  updateStudent,
} from "~/server/students/students.server";
import { createTestDatabase } from "../support/database";
import {
  type ClassWorld,
  createAssignment,
  createClass,
  createClassWorld,
  createResponse,
  createStudent as createStudentRow,
  createSurvey,
} from "../support/fixtures";

let db: Db;
let world: ClassWorld;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  world = await createClassWorld(db);
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

const twoContacts = studentSchema.parse({
  firstName: "Ada",
  lastName: "Lovelace",
  contacts: [
    {
      name: "Anne Lovelace",
      relationship: "Mother",
      email: "anne@example.net",
      phonePrimary: "07700 900123",
      notes: "Call after 4 pm",
    },
    {
      name: "Bob Lovelace",
      relationship: "",
      email: "",
      phonePrimary: "07700 900456",
      phoneSecondary: "020 7946 0001",
    },
  ],
});

test("the schema turns empty optional fields into null and requires names", () => {
  expect(twoContacts.contacts[1]).toMatchObject({ relationship: null, email: null, notes: null });
  const result = studentSchema.safeParse({ firstName: "", contacts: [{ name: "" }] });
  expect(result.success).toBe(false);
  const messages = result.error!.issues.map((issue) => issue.message);
  expect(messages).toEqual(
    expect.arrayContaining(["Enter a first name", "Enter a last name", "Enter the contact's name"]),
  );
});

test("a teacher adds a student with two contacts to their class, in the class's school, audited", async () => {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const { id } = await createStudent(db, world.actors.teacher, klass.id, twoContacts);
  const [row] = await db.select().from(students).where(eq(students.id, id));
  expect(row).toMatchObject({ firstName: "Ada", lastName: "Lovelace", schoolId: world.riverside.id });
  const roster = await listStudentsWithContacts(db, world.actors.teacher, klass.id);
  expect(roster).toHaveLength(1);
  expect(roster[0].contacts.map((c) => c.name)).toEqual(["Anne Lovelace", "Bob Lovelace"]);
  expect(roster[0].contacts[1]).toMatchObject({ relationship: null, phoneSecondary: "020 7946 0001" });
  const events = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "student.create"), eq(auditEvents.targetId, String(id))));
  expect(events).toHaveLength(1);
});

test("editing a student replaces the contact list in the given order", async () => {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const { id } = await createStudent(db, world.actors.teacher, klass.id, twoContacts);
  await updateStudent(db, world.actors.teacher, klass.id, id, {
    firstName: "Ada",
    lastName: "King",
    contacts: [twoContacts.contacts[1]],
  });
  const student = await getStudent(db, world.actors.teacher, klass.id, id);
  expect(student.lastName).toBe("King");
  expect(student.contacts.map((c) => c.name)).toEqual(["Bob Lovelace"]);
  const contactRows = await db.select().from(studentContacts).where(eq(studentContacts.studentId, id));
  expect(contactRows).toHaveLength(1);
});

test("removing a student takes them off the roster but keeps the record", async () => {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const { id } = await createStudent(db, world.actors.teacher, klass.id, twoContacts);
  await removeStudentFromClass(db, world.actors.teacher, klass.id, id);
  expect(await listStudentsWithContacts(db, world.actors.teacher, klass.id)).toEqual([]);
  expect(await db.select().from(classStudents).where(eq(classStudents.studentId, id))).toEqual([]);
  expect(await db.select({ id: students.id }).from(students).where(eq(students.id, id))).toEqual([{ id }]);
  expect(await codeOf(removeStudentFromClass(db, world.actors.teacher, klass.id, id))).toBe("NOT_FOUND");
});

test("a student of another class cannot be read, edited or removed through this class", async () => {
  const mine = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const theirs = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.colleague.id] });
  const { id } = await createStudent(db, world.actors.colleague, theirs.id, twoContacts);
  expect(await codeOf(getStudent(db, world.actors.teacher, mine.id, id))).toBe("NOT_FOUND");
  expect(await codeOf(updateStudent(db, world.actors.teacher, mine.id, id, twoContacts))).toBe("NOT_FOUND");
  expect(await codeOf(removeStudentFromClass(db, world.actors.teacher, mine.id, id))).toBe("NOT_FOUND");
  expect(await codeOf(getStudent(db, world.actors.teacher, theirs.id, id))).toBe("NOT_FOUND");
});

test("permissions: own teacher and school admin may; colleague and the other school's admin get NOT_FOUND", async () => {
  expect(await codeOf(listStudentsWithContacts(db, world.actors.teacher, world.class5A.id))).toBe("OK");
  expect(await codeOf(listStudentsWithContacts(db, world.actors.schoolAdmin, world.class5A.id))).toBe("OK");
  expect(await codeOf(listStudentsWithContacts(db, world.actors.platformAdmin, world.class5A.id))).toBe("OK");
  expect(await codeOf(listStudentsWithContacts(db, world.actors.colleague, world.class5A.id))).toBe("NOT_FOUND");
  expect(await codeOf(listStudentsWithContacts(db, world.actors.otherAdmin, world.class5A.id))).toBe("NOT_FOUND");
  expect(await codeOf(createStudent(db, world.actors.otherAdmin, world.class5A.id, twoContacts))).toBe("NOT_FOUND");
});

test("the student page lists their responses across this class's assignments", async () => {
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [world.users.teacher.id] });
  const { id } = await createStudent(db, world.actors.teacher, klass.id, twoContacts);
  const answered = await createAssignment(db, {
    classId: klass.id,
    surveyId: (await createSurvey(db, { title: "Answered" })).id,
    status: "active",
  });
  await createAssignment(db, {
    classId: klass.id,
    surveyId: (await createSurvey(db, { title: "Pending" })).id,
    status: "active",
  });
  await createResponse(db, { assignmentId: answered.id, studentId: id, answers: { a: 1, b: "text" } });
  const student = await getStudent(db, world.actors.teacher, klass.id, id);
  const byTitle = Object.fromEntries(student.responses.map((r) => [r.surveyTitle, r]));
  expect(byTitle.Answered).toMatchObject({ answerCount: 2, submittedAt: expect.any(Date) });
  expect(byTitle.Pending).toMatchObject({ answerCount: 0, submittedAt: null });
});

test("the students screen's one query: roster by name with contacts in order, teachers, addable colleagues, live code; scope as everywhere", async () => {
  const klass = await createClass(db, {
    schoolId: world.riverside.id,
    teacherIds: [world.users.teacher.id, world.users.colleague.id],
  });
  const code = await generateClassCode(db, world.actors.teacher, { classId: klass.id, expirationHours: 24 });
  await createStudentRow(db, {
    schoolId: world.riverside.id,
    classId: klass.id,
    firstName: "Zed",
    lastName: "Young",
    joinedWithCodeId: code.id,
    contacts: [{ name: "Second Contact" }, { name: "Third Contact", relationship: "Aunt" }],
  });
  await createStudentRow(db, {
    schoolId: world.riverside.id,
    classId: klass.id,
    firstName: "Amy",
    lastName: "Abbott",
    lastSeenAt: new Date(),
  });
  // Not on this class's roster: never listed.
  await createStudentRow(db, {
    schoolId: world.riverside.id,
    classId: world.class6.id,
    firstName: "Other",
    lastName: "Class",
  });

  const people = await getClassPeople(db, world.actors.teacher, klass.id);
  expect(people.students.map((s) => `${s.firstName} ${s.lastName}`)).toEqual(["Amy Abbott", "Zed Young"]);
  expect(people.students[0]).toMatchObject({ joinedWithCode: null, contacts: [] });
  expect(people.students[0].lastSeenAt).toBeInstanceOf(Date);
  expect(people.students[0].joinedAt).toBeInstanceOf(Date);
  expect(people.students[1]).toMatchObject({ joinedWithCode: code.code, lastSeenAt: null });
  expect(people.students[1].contacts.map((c) => [c.name, c.relationship])).toEqual([
    ["Second Contact", null],
    ["Third Contact", "Aunt"],
  ]);
  expect(people.teachers.map((t) => [t.name, t.role])).toEqual([
    ["Amara Teacher", "owner"],
    ["Daniel Colleague", "co-teacher"],
  ]);
  // Active teachers of the school who do not teach it yet: no admins, nobody from another school.
  expect(people.addableTeachers.map((t) => t.name)).toContain("Beth Spare");
  expect(people.addableTeachers.map((t) => t.name)).not.toEqual(
    expect.arrayContaining(["Amara Teacher", "Helen Head", "Olga Other"]),
  );
  expect(people.classCode).toMatchObject({ code: code.code, joinedCount: 1, expired: false });
  expect(people.classCode?.expiresAt).toBeInstanceOf(Date);

  expect((await getClassPeople(db, world.actors.schoolAdmin, klass.id)).students).toHaveLength(2);
  expect((await getClassPeople(db, world.actors.platformAdmin, klass.id)).students).toHaveLength(2);
  for (const outsider of [world.actors.spareTeacher, world.actors.otherTeacher, world.actors.otherAdmin]) {
    expect(await codeOf(getClassPeople(db, outsider, klass.id))).toBe("NOT_FOUND");
  }
});
