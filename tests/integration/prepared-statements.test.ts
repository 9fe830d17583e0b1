/**
 * Prepared statements on PostgreSQL (ADR 063): what the database holds after
 * the app's queries. PostgreSQL only (pg_prepared_statements is per
 * connection, PGlite has no pool); CI runs this suite with TEST_DATABASE_URL.
 * And on PGlite, which has no autovacuum: the planner's statistics the
 * server gathers itself (app/server/db/pglite-statistics.server.ts).
 */

import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSessionUser } from "~/server/auth/current-user.server";
import { hashToken } from "~/server/auth/session.server";
import { selectRows } from "~/server/db/json-rows.server";
import { scheduleAnalyze } from "~/server/db/pglite-statistics.server";
import { MAX_PREPARED_PER_CONNECTION, preparingClient, statementName } from "~/server/db/prepared-statements.server";
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
