/**
 * The row types of the typed JSON subqueries (ADR 165) are the schema's.
 * Only types are checked here, so this file runs under the type checker
 * (`npm run typecheck`, which `npm test` runs first), not under vitest,
 * where a type assertion can never fail. Each `@ts-expect-error` is a wrong
 * type that must stay an error: if the row types went loose (`any`,
 * `unknown`), the directive itself would fail the check.
 */
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { expectTypeOf } from "vitest";
import type { Contact, StudentWithContacts } from "../students/students.server";
import { aliased, type JsonRow, jsonList, orNull } from "./json-rows.server";
import { classCodes, classStudents, studentContacts, students } from "./schema.server";

const st = alias(students, "st");
const cs = alias(classStudents, "cs");
const c = alias(studentContacts, "c");
const code = alias(classCodes, "code");

const studentFields = {
  id: st.id,
  firstName: st.firstName,
  lastSeenAt: st.lastSeenAt,
  joinedAt: cs.createdAt,
  joinedWithCode: orNull(code.code),
  contacts: jsonList(
    { name: c.name, relationship: c.relationship, createdAt: c.createdAt },
    sql`from ${aliased(c)} where ${c.studentId} = ${st.id}`,
    sql`${c.position}`,
  ),
};
type Row = JsonRow<typeof studentFields>;

expectTypeOf<Row["id"]>().toEqualTypeOf<number>();
expectTypeOf<Row["lastSeenAt"]>().toEqualTypeOf<Date | null>();
expectTypeOf<Row["joinedWithCode"]>().toEqualTypeOf<string | null>();
expectTypeOf<Row["contacts"][number]["relationship"]>().toEqualTypeOf<string | null>();
expectTypeOf<Row["contacts"][number]["createdAt"]>().toEqualTypeOf<Date>();
expectTypeOf<Contact>().toEqualTypeOf<{
  id: number;
  name: string;
  relationship: string | null;
  email: string | null;
  phonePrimary: string | null;
  phoneSecondary: string | null;
  notes: string | null;
}>();
expectTypeOf<StudentWithContacts["joinedAt"]>().toEqualTypeOf<Date>();

// A timestamp column is a Date, not its JSON text.
// @ts-expect-error
expectTypeOf<Row["lastSeenAt"]>().toEqualTypeOf<string | null>();
// A nullable column stays nullable.
// @ts-expect-error
expectTypeOf<Row["joinedWithCode"]>().toEqualTypeOf<string>();
// A nested list's rows are typed too.
// @ts-expect-error
expectTypeOf<Row["contacts"][number]["name"]>().toEqualTypeOf<number>();
