/**
 * The server's process-wide state: configuration and the open database.
 * Built once at start (migrations, first-run data), then handed to every
 * request through React Router's typed context (see app/server/context.ts).
 */

import { bootstrapData } from "./bootstrap.server";
import { type Config, getConfig } from "./config.server";
import { type Database, type Db, openDatabase } from "./db/client.server";
import { logger } from "./logger.server";

export interface App {
  config: Config;
  database: Database;
  db: Db;
}

let appPromise: Promise<App> | undefined;

export function getApp(): Promise<App> {
  appPromise ??= startApp();
  return appPromise;
}

async function startApp(): Promise<App> {
  const config = getConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  installShutdownHandlers(database);
  const app: App = { config, database, db: database.db };
  await bootstrapData(app);
  logger.info("server.ready", { database: database.kind });
  return app;
}

let shuttingDown = false;

function installShutdownHandlers(database: Database) {
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info("server.shutdown", { signal });
    // Whatever happens, be gone within 5 seconds.
    setTimeout(() => process.exit(0), 4_000).unref();
    database
      .close()
      .catch((error) => logger.error("database.close_failed", { error: String(error) }))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}
