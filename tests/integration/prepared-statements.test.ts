/**
 * Prepared statements on PostgreSQL (ADR 063): what the database holds after
 * the app's queries. PostgreSQL only (pg_prepared_statements is per
 * connection, PGlite has no pool); CI runs this suite with TEST_DATABASE_URL.
 * And on PGlite: its own prepared statements (app/server/db/pglite-prepared.server.ts),
 * and, as it has no autovacuum, the planner's statistics the server gathers
 * itself (app/server/db/pglite-statistics.server.ts).
 */

import { and, eq, like, lt, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSessionUser } from "~/server/auth/current-user.server";
import { hashToken } from "~/server/auth/session.server";
import { isUniqueViolation } from "~/server/classes/unique-violation.server";
import type { Database } from "~/server/db/client.server";
import { selectRows } from "~/server/db/json-rows.server";
import { scheduleAnalyze } from "~/server/db/pglite-statistics.server";
import { MAX_PREPARED_PER_CONNECTION, preparingClient, statementName } from "~/server/db/prepared-statements.server";
import { schools } from "~/server/db/schema.server";
import { createTestDatabase } from "../support/database";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("prepared statements on PostgreSQL", () => {
  let pool: pg.Pool;

  beforeAll(() => {
    // One connection, so every query below lands on the session whose statements are listed.
    pool = new pg.Pool({ connectionString: serverUrl, max: 1, Client: preparingClient(pg.Client) });
  });
  afterAll(() => pool.end());

  const prepared = async () =>
    (await pool.query<{ name: string; statement: string }>("select name, statement from pg_prepared_statements")).rows;

  it("prepares a parameterised query from its second use, named after its text", async () => {
    const text = "select $1::int + 1 as n /* prepared-twice */";
    expect((await pool.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await prepared()).some((row) => row.statement.includes("prepared-twice"))).toBe(false);

    expect((await pool.query(text, [41])).rows).toEqual([{ n: 42 }]);
    expect((await pool.query(text, [9])).rows).toEqual([{ n: 10 }]);
    const rows = (await prepared()).filter((row) => row.statement.includes("prepared-twice"));
    expect(rows).toEqual([{ name: statementName(text), statement: text }]);
  });

  it("leaves a query without parameters unnamed, so a text with several statements still runs", async () => {
    const text = "select 1 as a /* several */; select 2 as b";
    for (let i = 0; i < 3; i++) await pool.query(text);
    expect((await prepared()).some((row) => row.statement.includes("several"))).toBe(false);
  });

  it("holds at most MAX_PREPARED_PER_CONNECTION statements on a connection", async () => {
    for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 20; i++) {
      const text = `select $1::int as n /* distinct-${i} */`;
      await pool.query(text, [i]);
      expect((await pool.query(text, [i])).rows).toEqual([{ n: i }]);
    }
    expect((await prepared()).length).toBeLessThanOrEqual(MAX_PREPARED_PER_CONNECTION);
  });

  it("answers the app's prepared session lookup on every connection of its pool", async () => {
    const { db } = await createTestDatabase();
    const missing = hashToken("no-such-session-token-0123456789");
    const answers = await Promise.all(Array.from({ length: 30 }, () => loadSessionUser(db, missing)));
    expect(answers.every((answer) => answer === null)).toBe(true);
  });
});

describe.skipIf(serverUrl)("the planner's statistics on PGlite", () => {
  it("analyses every table at start: the responses table has a row estimate instead of none", async () => {
    const database = await createTestDatabase();
    const estimate = async () => {
      const [row] = await selectRows<{ reltuples: number }>(
        database.db,
        sql`select reltuples from pg_class where relname = 'responses'`,
      );
      return Number(row?.reltuples);
    };
    // Never analysed: PostgreSQL's "unknown" (-1), on which the planner guesses.
    expect(await estimate()).toBe(-1);
    const errors: unknown[] = [];
    const job = await scheduleAnalyze(database, { error: (...args: unknown[]) => errors.push(args) });
    job.stop();
    expect(errors).toEqual([]);
    expect(await estimate()).toBeGreaterThanOrEqual(0);
  });
});

describe.skipIf(serverUrl)("prepared statements on PGlite", () => {
  const preparedTexts = async (database: Database) =>
    (await selectRows<{ statement: string }>(database.db, sql`select statement from pg_prepared_statements`)).map(
      (row) => row.statement,
    );

  it("prepares a parameterised query from its second use; every use answers the same rows, decoded", async () => {
    const database = await createTestDatabase();
    const [school] = await database.db
      .insert(schools)
      .values({ name: "Prepared School", status: "active" })
      .returning({ id: schools.id });
    const read = () =>
      database.db
        .select({ id: schools.id, name: schools.name, createdAt: schools.createdAt })
        .from(schools)
        .where(and(eq(schools.id, school.id), lt(schools.createdAt, new Date(Date.now() + 60_000))));
    const first = await read();
    expect(first).toHaveLength(1);
    expect(first[0].createdAt).toBeInstanceOf(Date);
    expect((await preparedTexts(database)).some((text) => text.includes('"schools"."created_at" <'))).toBe(false);
    expect(await read()).toEqual(first);
    expect(await read()).toEqual(first);
    expect((await preparedTexts(database)).filter((text) => text.includes('"schools"."created_at" <'))).toHaveLength(1);
  });

  it("keeps PostgreSQL's error (a unique violation) on a prepared statement", async () => {
    const database = await createTestDatabase();
    const insert = (name: string) => database.db.insert(schools).values({ name, status: "active" });
    await insert("Unique School");
    for (const name of ["Unique School", "UNIQUE SCHOOL", "unique school"]) {
      const error = await insert(name).catch((caught: unknown) => caught);
      expect(isUniqueViolation(error, "schools_name_unique")).toBe(true);
    }
    // The statement is still usable after its errors.
    await insert("Another School");
    const names = await database.db.select({ name: schools.name }).from(schools).where(like(schools.name, "%School"));
    expect(names.map((row) => row.name).sort()).toEqual(["Another School", "Unique School"]);
  });

  it("a query outside a transaction waits for an open one: it never reads its uncommitted rows", async () => {
    const database = await createTestDatabase();
    const read = () =>
      database.db.select({ name: schools.name }).from(schools).where(eq(schools.name, "Inside the transaction"));
    await read();
    await read(); // prepared from here on
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const events: string[] = [];
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(schools).values({ name: "Inside the transaction", status: "active" });
      await held;
      events.push("commit");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = read().then((rows) => {
      events.push(`read ${rows.length}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([transaction, outside]);
    expect(events).toEqual(["commit", "read 1"]);
  });
});
