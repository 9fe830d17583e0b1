/**
 * Builds the database client: embedded PGlite in DATA_DIR by default, or
 * PostgreSQL through `pg` when DATABASE_URL is set. Everything above this
 * module sees one drizzle `Db` type and does not know which it got.
 */
import path from "node:path";
import { type ExtractTablesWithRelations, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { listenOnPostgres, type NotificationHandlers, type StopListening } from "./notifications.server";
import { preparePgliteQueries } from "./pglite-prepared.server";
import { preparingClient } from "./prepared-statements.server";
import * as schema from "./schema.server";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * LISTENs on a notification channel (the live results, ADR 205): on
   * PostgreSQL on a dedicated connection that reconnects by itself, on PGlite
   * through its own `listen`. Notifications arrive after their transaction
   * commits, never for one rolled back.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<StopListening>;
  close(): Promise<void>;
}

/** Arbitrary constant for pg_advisory_lock: one migrator at a time across instances. */
const MIGRATION_LOCK_KEY = 7_243_118_001;

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "drizzle");

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Load a PGlite data dir dump (tests use this for a fast fresh database). */
  loadDataDir?: Blob | File;
  migrate?: boolean;
  /** PostgreSQL only: prepare repeated queries (default true; ADR 063). */
  preparedStatements?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.migrate ?? true, options.preparedStatements ?? true);
  }
  return openPglite(options);
}

/**
 * PGlite's memory settings (ADR 061). With its defaults (shared_buffers=128MB)
 * the server idles at about 390 MB RSS; with 16MB buffers at about 250 MB,
 * with no measurable slowdown on `npm run bench`. PGlite
 * rewrites postgresql.conf from this list at every start. Its WASM memory
 * cannot start below the module's own 128 MB (initialMemory lower fails).
 */
export const PGLITE_POSTGRESQL_CONF = [
  "shared_buffers=16MB",
  "work_mem=2MB",
  "maintenance_work_mem=16MB",
  "temp_buffers=2MB",
  "wal_buffers=1MB",
];

async function openPglite(options: OpenOptions): Promise<Database> {
  const { PGlite, parse, protocol } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = await PGlite.create(options.loadDataDir ? undefined : options.dataDir, {
    loadDataDir: options.loadDataDir,
    postgresqlconf: PGLITE_POSTGRESQL_CONF,
  });
  // Repeated queries parsed once, sent in one call (pglite-prepared.server.ts).
  preparePgliteQueries(client, { parse, protocol });
  const db = drizzle(client, { schema, casing: undefined });
  if (options.migrate ?? true) {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  }
  return {
    db: db as unknown as Db,
    kind: "pglite",
    // One in-process database: no connection to lose, so never a reconnect.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, runMigrations: boolean, preparedStatements: boolean): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({
    connectionString: url,
    Client: preparedStatements ? preparingClient(pg.Client) : pg.Client,
    // Per instance: N instances hold up to N x 10 connections (PostgreSQL's default max_connections is 100).
    max: 10,
    // Idle connections close after 30 s, so an idle instance holds none, and none survive a database restart.
    idleTimeoutMillis: 30_000,
    // A database that is unreachable (not just refusing) fails a request in 5 s instead of hanging it.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  });
  // A dropped connection must not crash the process; queries fail and /readyz says 503.
  pool.on("error", () => {});
  if (runMigrations) {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
  }
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    listen: (channel, handlers) => listenOnPostgres(pg.Client, url, channel, handlers),
    // Closing twice (a test stops the app, then the shutdown handler runs) is not an error.
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

/** True when the database answers `select 1` within the time given. */
export async function isDatabaseAnswering(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
