/**
 * `npm run db:migrate`: applies pending migrations to the configured database
 * (PGlite in DATA_DIR, or DATABASE_URL) and exits. The server also does this
 * at start; this is for deploy pipelines that migrate first.
 */
import { parseConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/client.server";
import { describeDatabase, runCli } from "./cli-support";

await runCli(async () => {
  const config = parseConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: true });
  await database.close();
  console.log(`Migrations applied to ${describeDatabase(config)}.`);
});
