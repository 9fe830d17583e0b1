/**
 * ADR 111: the migration that allows one owner per class first repairs the
 * data it finds. A database migrated to the version before it is given a
 * class with two owners and one with teachers but no owner; migrated to the
 * end, each has exactly one owner, the longest-serving teacher.
 * (Always on PGlite: it is the migration's SQL that is under test.)
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, test } from "vitest";
import { type Db, MIGRATIONS_FOLDER } from "~/server/db/client.server";
import * as schema from "~/server/db/schema.server";
import { insertOldRow } from "../support/old-schema-rows";

const OWNER_MIGRATION = "0005_class_teachers_one_owner";
let scratch: string | undefined;
let client: PGlite | undefined;

afterAll(async () => {
  await client?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function migrationsBeforeOwnerIndex(): Promise<string> {
  scratch = await mkdtemp(path.join(tmpdir(), "orliverse-migrations-"));
  await cp(MIGRATIONS_FOLDER, scratch, { recursive: true });
  const journalPath = path.join(scratch, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag === OWNER_MIGRATION);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  return scratch;
}

test("migrating keeps the longest-serving owner of a class with two, and makes one where there was none", async () => {
  client = await PGlite.create();
  const orm = drizzle(client, { schema });
  await migrate(orm, { migrationsFolder: await migrationsBeforeOwnerIndex() });
  const db = orm as unknown as Db;
  const { classTeachers } = schema;

  const school = { id: await insertOldRow(db, "schools", { name: "Old school" }) };
  const oldUser = async (n: number) => ({
    id: await insertOldRow(db, "users", { name: `Teacher ${n}`, email: `old-${n}@example.test`, school_id: school.id }),
  });
  const [first, second, third] = [await oldUser(1), await oldUser(2), await oldUser(3)];
  const twoOwners = { id: await insertOldRow(db, "classes", { name: "Two owners", school_id: school.id }) };
  const noOwner = { id: await insertOldRow(db, "classes", { name: "No owner", school_id: school.id }) };
  const earlier = new Date(Date.now() - 3_600_000);
  await db.insert(classTeachers).values([
    { classId: twoOwners.id, userId: second.id, role: "owner", createdAt: earlier },
    { classId: twoOwners.id, userId: first.id, role: "owner" },
    { classId: twoOwners.id, userId: third.id, role: "co-teacher" },
    { classId: noOwner.id, userId: third.id, role: "co-teacher", createdAt: earlier },
    { classId: noOwner.id, userId: first.id, role: "co-teacher" },
  ]);

  await migrate(orm, { migrationsFolder: MIGRATIONS_FOLDER });
  const rolesOf = async (classId: number) =>
    (
      await db
        .select({ userId: classTeachers.userId, role: classTeachers.role })
        .from(classTeachers)
        .where(eq(classTeachers.classId, classId))
        .orderBy(asc(classTeachers.userId))
    ).map((row) => [row.userId, row.role]);
  expect(await rolesOf(twoOwners.id)).toEqual([
    [first.id, "co-teacher"],
    [second.id, "owner"],
    [third.id, "co-teacher"],
  ]);
  expect(await rolesOf(noOwner.id)).toEqual([
    [first.id, "co-teacher"],
    [third.id, "owner"],
  ]);
  await expect(
    db.update(classTeachers).set({ role: "owner" }).where(eq(classTeachers.userId, first.id)),
  ).rejects.toThrow();
});
