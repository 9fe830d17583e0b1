/**
 * ADR 066: the migration that adds the running totals fills them from the
 * responses already stored. A database is migrated to the version before it,
 * given responses, then migrated to the end; its totals then equal a recount.
 * (Always on PGlite: it is the migration's SQL that is under test.)
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, test } from "vitest";
import { type Db, MIGRATIONS_FOLDER } from "~/server/db/client.server";
import * as schema from "~/server/db/schema.server";
import { createResponse, createStudent, createSurvey } from "../support/fixtures";
import { insertOldRow } from "../support/old-schema-rows";
import { expectedTallies, storedTallies } from "../support/tallies";

const TALLIES_MIGRATION = "0004_response_tallies";
let scratch: string | undefined;
let client: PGlite | undefined;

afterAll(async () => {
  await client?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** The migrations folder as it was before the tallies: the same files, the journal cut before them. */
async function migrationsBeforeTallies(): Promise<string> {
  scratch = await mkdtemp(path.join(tmpdir(), "orliverse-migrations-"));
  await cp(MIGRATIONS_FOLDER, scratch, { recursive: true });
  const journalPath = path.join(scratch, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag === TALLIES_MIGRATION);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  return scratch;
}

test("migrating a database that already holds responses fills their totals", async () => {
  client = await PGlite.create();
  const orm = drizzle(client, { schema });
  await migrate(orm, { migrationsFolder: await migrationsBeforeTallies() });
  const db = orm as unknown as Db;

  const school = { id: await insertOldRow(db, "schools", { name: "Old school" }) };
  const klass = { id: await insertOldRow(db, "classes", { name: "5A", school_id: school.id }) };
  const survey = await createSurvey(db);
  const assignment = {
    id: await insertOldRow(db, "assignments", {
      class_id: klass.id,
      survey_id: survey.id,
      status: "active",
      started_at: new Date().toISOString(),
    }),
  };
  const answers = [
    { mood: 1, lunch: "Yes", free: "Fine" },
    { mood: 1, lunch: "No" },
    { mood: 3, free: "  " },
  ];
  for (const [index, given] of answers.entries()) {
    const studentId = await insertOldRow(db, "students", {
      school_id: school.id,
      first_name: `Student${index}`,
      last_name: "Before",
    });
    await insertOldRow(db, "responses", { assignment_id: assignment.id, student_id: studentId, answers: given });
  }

  await migrate(orm, { migrationsFolder: MIGRATIONS_FOLDER });
  const stored = await storedTallies(db);
  expect(stored[`${assignment.id}||`]).toBe(3);
  expect(stored[`${assignment.id}|mood|n:1`]).toBe(2);
  expect(stored).toEqual(await expectedTallies(db));

  // And from then on the triggers keep them.
  const late = await createStudent(db, { schoolId: school.id, classId: klass.id });
  await createResponse(db, { assignmentId: assignment.id, studentId: late.id, answers: { mood: 1 } });
  expect((await storedTallies(db))[`${assignment.id}|mood|n:1`]).toBe(3);
  expect(await storedTallies(db)).toEqual(await expectedTallies(db));
});
