/**
 * The typed JSON subqueries (app/server/db/json-rows.server.ts), on a real
 * database: a nested list comes back decoded as a plain select decodes its
 * columns (timestamps as Dates, a left join's miss as null, nested lists
 * decoded too), in order, empty when there is nothing; and the row type is
 * the schema's (checked by the type checker: app/server/db/json-rows.server.test-d.ts).
 */
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { beforeAll, expect, expectTypeOf, test } from "vitest";
import type { Db } from "~/server/db/client.server";
import { aliased, jsonFirst, jsonList, jsonValues, orNull } from "~/server/db/json-rows.server";
import { classCodes, classes, classStudents, studentContacts, students } from "~/server/db/schema.server";
import { createTestDatabase } from "../support/database";
import { createClass, createSchool, createStudent } from "../support/fixtures";

let db: Db;
let schoolId: number;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  ({ id: schoolId } = await createSchool(db));
});

const st = alias(students, "st");
const cs = alias(classStudents, "cs");
const c = alias(studentContacts, "c");
const code = alias(classCodes, "code");

const contactFields = { name: c.name, relationship: c.relationship, createdAt: c.createdAt };
const studentFields = {
  id: st.id,
  firstName: st.firstName,
  lastSeenAt: st.lastSeenAt,
  joinedAt: cs.createdAt,
  joinedWithCode: orNull(code.code),
  contacts: jsonList(contactFields, sql`from ${aliased(c)} where ${c.studentId} = ${st.id}`, sql`${c.position}`),
};

function rosterOf(classId: number) {
  return db
    .select({
      students: jsonList(
        studentFields,
        sql`from ${aliased(cs)} join ${aliased(st)} on ${st.id} = ${cs.studentId}
            left join ${aliased(code)} on ${code.id} = ${cs.joinedWithCodeId}
            where ${cs.classId} = ${classes.id}`,
        sql`${st.firstName}, ${st.id}`,
      ),
      firstStudent: jsonFirst(
        { firstName: st.firstName },
        sql`from ${aliased(cs)} join ${aliased(st)} on ${st.id} = ${cs.studentId}
            where ${cs.classId} = ${classes.id} order by ${st.firstName} limit 1`,
      ),
    })
    .from(classes)
    .where(eq(classes.id, classId));
}

test("a nested list is decoded as the columns decode: Dates, nulls from a left join, nested lists, in order", async () => {
  const klass = await createClass(db, { schoolId });
  const seen = new Date("2026-11-23T09:15:00.123Z");
  await createStudent(db, {
    schoolId,
    classId: klass.id,
    firstName: "Bea",
    lastSeenAt: seen,
    contacts: [
      { name: "First Contact", relationship: "Mother" },
      { name: "Second Contact", relationship: null },
    ],
  });
  await createStudent(db, { schoolId, classId: klass.id, firstName: "Ada" });

  const [row] = await rosterOf(klass.id);
  expect(row.students.map((student) => student.firstName)).toEqual(["Ada", "Bea"]);
  const [ada, bea] = row.students;
  expect(ada.lastSeenAt).toBeNull();
  expect(ada.joinedWithCode).toBeNull();
  expect(ada.contacts).toEqual([]);
  expect(ada.joinedAt).toBeInstanceOf(Date);
  expect(bea.lastSeenAt).toEqual(seen);
  expect(bea.contacts.map((contact) => [contact.name, contact.relationship])).toEqual([
    ["First Contact", "Mother"],
    ["Second Contact", null],
  ]);
  expect(bea.contacts[0].createdAt).toBeInstanceOf(Date);
  expect(row.firstStudent).toEqual({ firstName: "Ada" });
});

test("an empty class gives an empty list and a null first row", async () => {
  const klass = await createClass(db, { schoolId });
  const [row] = await rosterOf(klass.id);
  expect(row.students).toEqual([]);
  expect(row.firstStudent).toBeNull();
});

test("one column's values come as a decoded list, in order, and empty for none", async () => {
  const klass = await createClass(db, { schoolId });
  const empty = await createClass(db, { schoolId });
  for (const firstName of ["Cleo", "Ada"]) await createStudent(db, { schoolId, classId: klass.id, firstName });
  const valuesOf = (classId: number) =>
    db
      .select({
        names: jsonValues(
          st.firstName,
          sql`from ${aliased(cs)} join ${aliased(st)} on ${st.id} = ${cs.studentId} where ${cs.classId} = ${classes.id}`,
          sql`${st.firstName}`,
        ),
        joinedAt: jsonValues(
          cs.createdAt,
          sql`from ${aliased(cs)} where ${cs.classId} = ${classes.id}`,
          sql`${cs.createdAt}`,
        ),
      })
      .from(classes)
      .where(eq(classes.id, classId));
  const [row] = await valuesOf(klass.id);
  expect(row.names).toEqual(["Ada", "Cleo"]);
  expect(row.joinedAt).toHaveLength(2);
  expect(row.joinedAt[0]).toBeInstanceOf(Date);
  expectTypeOf(row.names).toEqualTypeOf<string[]>();
  expectTypeOf(row.joinedAt).toEqualTypeOf<Date[]>();
  const [none] = await valuesOf(empty.id);
  expect(none).toEqual({ names: [], joinedAt: [] });
});

test("a field name that is not a plain identifier is refused before it reaches SQL", () => {
  expect(() => jsonList({ "x', 1) --": st.id }, sql`from ${aliased(st)}`, sql`${st.id}`)).toThrow(
    /Not a JSON field name/,
  );
});
