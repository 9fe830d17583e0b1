/**
 * An App around a test database, with a test configuration of its own (never
 * process.env): what loaders and actions find in their context, for tests
 * that call route modules or domain functions directly.
 *
 *   const database = await createTestDatabase();
 *   const app = await createTestApp(database);
 *   context.set(appContext, app);
 */
import { RouterContextProvider } from "react-router";
import { type App, createApp } from "~/server/app.server";
import { parseConfig } from "~/server/config.server";
import { appContext, requestInfoContext } from "~/server/context.server";
import type { Database } from "~/server/db/client.server";

export const TEST_ENV: Record<string, string> = {
  NODE_ENV: "test",
  DATA_DIR: "memory://",
  LOG_LEVEL: "warn",
  SESSION_SECRET: "integration-test-secret-0123456789abcdef",
  SECURE_COOKIES: "false",
  APP_URL: "http://school.test",
};

/** No first-start work: the database is already migrated (and seeded by the test as it needs). */
export function createTestApp(database: Database, env: Record<string, string> = {}): Promise<App> {
  return createApp(parseConfig({ ...TEST_ENV, ...env }), { database, bootstrap: false });
}

/** The context React Router gives loaders and actions: the App, and the request's info as the server entry resolves it. */
export function routeContext(app: App, clientAddress: string | null = "127.0.0.1"): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, app);
  context.set(requestInfoContext, { requestId: "test", clientAddress });
  return context;
}
