/**
 * The App: everything a request needs that outlives it (configuration, the
 * open database, the content cache, the mailer, the logger, the session
 * cookie). The server entry builds one with createApp at start and hands it
 * to every loader and action through React Router's context
 * (app/server/context.server.ts; its shape in app-type.server.ts); tests build their own with their own
 * configuration. Nothing here is a module-level singleton (ADR 107).
 */
import { setToastCookieOptions } from "remix-toast";
import type { App } from "./app-type.server";
import { createAssignmentEvents } from "./assignments/assignment-events.server";
import { createOidcClients } from "./auth/oidc-strategy.server";
import { createSessionCookie } from "./auth/session.server";
import { bootstrapData } from "./bootstrap.server";
import { createClassEvents } from "./classes/class-events.server";
import type { Config } from "./config.server";
import { type Database, openDatabase } from "./db/client.server";
import { scheduleAnalyze } from "./db/pglite-statistics.server";
import { createLogger } from "./logger.server";
import { createMailer } from "./mail/mailer.server";
import { scheduleRetention } from "./privacy/retention.server";
import { createJoinDeviceCookie } from "./students/join-device-cookie.server";
import { createJoinRequestCookie } from "./students/join-request-cookie.server";
import { createStudentCookie } from "./students/student-session.server";
import { createContent, createDraftReader } from "./surveys/content.server";

export type { App } from "./app-type.server";

export interface CreateAppOptions {
  /** An open database to use instead of opening the configured one (tests bring their own). */
  database?: Database;
  /**
   * First-start work (default true): demo data or the first admin, the survey
   * registry sync, the daily retention job and, on PGlite, the planner's
   * statistics (db/pglite-statistics.server.ts). Tests that bring a prepared
   * database turn it off.
   */
  bootstrap?: boolean;
}

export async function createApp(config: Config, options: CreateAppOptions = {}): Promise<App> {
  const logger = createLogger(config.LOG_LEVEL);
  // remix-toast keeps one cookie setting per process (its helpers are module
  // functions): the flash cookie is signed with our secrets, never its public
  // default, and is Secure exactly when the session cookie is.
  setToastCookieOptions({ secrets: config.sessionSecrets, secure: config.secureCookies });
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    }));
  let retention: { stop(): void } | undefined;
  let analyze: { stop(): void } | undefined;
  const app: App = {
    config,
    database,
    db: database.db,
    content: createContent(config, logger),
    drafts: createDraftReader(config),
    mailer: createMailer(config, logger),
    logger,
    assignmentEvents: createAssignmentEvents(database, {
      mode: config.LIVE_RESULTS_MODE,
      pollIntervalMs: config.LIVE_RESULTS_POLL_MS,
      logger,
    }),
    classEvents: createClassEvents(database, {
      mode: config.LIVE_RESULTS_MODE,
      pollIntervalMs: config.LIVE_RESULTS_POLL_MS,
      logger,
    }),
    sessionCookie: createSessionCookie(config),
    oidc: createOidcClients(config, logger),
    studentCookie: createStudentCookie(config),
    joinRequestCookie: createJoinRequestCookie(config),
    joinDeviceCookie: createJoinDeviceCookie(config),
    async close() {
      retention?.stop();
      analyze?.stop();
      // Mail work that runs after an answer (a reset link) finishes before the database closes.
      await app.mailer.idle();
      await app.assignmentEvents.close();
      await app.classEvents.close();
      await database.close();
    },
  };
  if (options.bootstrap ?? true) {
    await bootstrapData(app);
    // Students' data retention: now, then daily; safe on several instances at once.
    retention = scheduleRetention(app.db, logger);
    // PGlite has no autovacuum: its planner's statistics, now and every half hour.
    analyze = await scheduleAnalyze(database, logger);
  }
  return app;
}
