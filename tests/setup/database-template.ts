/**
 * vitest globalSetup for the "integration" project: migrate ONE database and
 * hand it to every test file, which then gets its own copy quickly
 * (tests/support/database.ts).
 *
 * - Default: a PGlite database, migrated once and dumped with dumpDataDir()
 *   to a temp file; each file loads the dump into a fresh in-memory PGlite.
 * - TEST_DATABASE_URL (a PostgreSQL superuser URL): a migrated template
 *   database; each file creates its own database `TEMPLATE` that one.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/server/db/client.server";
import { adminQuery, databaseUrlFor } from "../support/postgres-admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite mode: the path of a migrated data dir dump (tar). */
    pgliteDumpPath: string | null;
    /** PostgreSQL mode: the name of the migrated template database. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return setupPostgres(project, serverUrl);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "orliverse-test-db-"));
  const database = await openDatabase({ migrate: true });
  const { PGlite } = await import("@electric-sql/pglite");
  // openDatabase hides the client; reach it through drizzle's session.
  const client = (database.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  const dumpPath = path.join(dir, "migrated.tar");
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDumpPath", dumpPath);
  project.provide("postgresTemplate", null);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

async function setupPostgres(project: TestProject, serverUrl: string) {
  const template = `orliverse_template_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(serverUrl, `create database "${template}"`);
  const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, template), migrate: true });
  await database.close();
  project.provide("pgliteDumpPath", null);
  project.provide("postgresTemplate", template);
  return async () => {
    await adminQuery(serverUrl, `drop database if exists "${template}" with (force)`);
  };
}
