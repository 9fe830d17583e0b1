/**
 * A fresh, migrated database for an integration test file:
 *
 *   const { db } = await createTestDatabase();
 *
 * PGlite (default): the globalSetup's dump loaded into a new in-memory
 * PGlite (about 0.5 s). With TEST_DATABASE_URL: a new PostgreSQL database
 * created from the migrated template. Every database made here is closed
 * (and on PostgreSQL dropped) after the file's tests.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, inject } from "vitest";
import { type Database, openDatabase } from "~/server/db/client.server";
import { adminQuery, databaseUrlFor } from "./postgres-admin";

const cleanups: Array<() => Promise<void>> = [];

// This module is evaluated once per test file, so this hook belongs to the file.
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let dump: Blob | undefined;

export async function createTestDatabase(): Promise<Database> {
  const template = inject("postgresTemplate");
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (template && serverUrl) return createPostgresDatabase(serverUrl, template);

  const dumpPath = inject("pgliteDumpPath");
  if (!dumpPath) throw new Error("No migrated database: is tests/setup/database-template.ts the globalSetup?");
  dump ??= new Blob([await readFile(dumpPath)]);
  const database = await openDatabase({ loadDataDir: dump, migrate: false });
  cleanups.push(() => database.close());
  return database;
}

async function createPostgresDatabase(serverUrl: string, template: string): Promise<Database> {
  const name = `orliverse_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(serverUrl, `create database "${name}" template "${template}"`);
      break;
    } catch (error) {
      // Two files copying the template at the same moment: try again shortly.
      if (attempt >= 10 || !String(error).includes("being accessed by other users")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name), migrate: false });
  cleanups.push(async () => {
    await database.close();
    await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
  });
  return database;
}
