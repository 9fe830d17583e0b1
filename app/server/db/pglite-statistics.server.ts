/**
 * The planner's statistics on embedded PGlite. PostgreSQL's autovacuum
 * analyses a table once enough of it has changed; PGlite runs no background
 * workers, so its tables are never analysed and every plan is chosen on
 * default guesses (an assignment's 5,000 responses estimated at 52 rows):
 * the results page's latest written answers were sorted from every response
 * instead of read from responses_assignment_submitted_idx and stopped at the
 * limit (issue 34, docs/performance.md). So on PGlite the server analyses
 * the database at start and then every ANALYZE_INTERVAL_MS: ANALYZE reads a
 * sample of each table (at most 30,000 rows), a moment's work. PostgreSQL
 * is left to its autovacuum.
 */
import { sql } from "drizzle-orm";
import type { Logger } from "../logger.server";
import type { Database } from "./client.server";

export const ANALYZE_INTERVAL_MS = 30 * 60 * 1000;

export async function analyzeDatabase(database: Database, logger: Pick<Logger, "error">): Promise<void> {
  if (database.kind !== "pglite") return;
  try {
    await database.db.execute(sql`analyze`);
  } catch (error) {
    logger.error("database.analyze_failed", { error: error instanceof Error ? error.message : String(error) });
  }
}

/** Analyses PGlite now (awaited: the first requests are planned on statistics) and then every half hour. */
export async function scheduleAnalyze(database: Database, logger: Pick<Logger, "error">): Promise<{ stop(): void }> {
  if (database.kind !== "pglite") return { stop() {} };
  await analyzeDatabase(database, logger);
  const timer = setInterval(() => void analyzeDatabase(database, logger), ANALYZE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
