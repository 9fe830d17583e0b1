/**
 * The production build of the app on a free port, with its own copy of a
 * template database: each test file starts its own server, so files never
 * share data.
 *
 *   let app: AppServer<{ world: ClassWorld; teacher: FixtureSession }>;
 *   beforeAll(async () => {
 *     app = await startAppServer({
 *       fixtures: async ({ db, sessionFor }) => {
 *         const world = await createClassWorld(db);
 *         return { world, teacher: await sessionFor(world.users.teacher) };
 *       },
 *     });
 *   });
 *
 * With `fixtures` the server starts on an empty database (migrated, surveys
 * synced, no users) holding only what the callback made
 * (tests/support/app-fixtures.ts); without it, on the demo data.
 *
 * Servers started here are stopped after the file's tests, and killed if the
 * test process exits first.
 */
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { type MailCatcher, startMailCatcher } from "../fakes/mail-catcher";
import { type FixtureCallback, runFixtures } from "./app-fixtures";
import { freePort, type AppServer as ProcessServer, spawnServer } from "./app-process";

export { freePort };

export interface AppServer<Fixtures = undefined> extends ProcessServer {
  /** The server's outgoing mail, when started with `catchMail: true`. */
  mail?: MailCatcher;
  /** The server's SESSION_SECRET: `signIn` signs fixture sessions with it. */
  sessionSecret: string;
  /** What the `fixtures` callback returned. */
  fixtures: Fixtures;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The base URL of the one server on the demo data that read-only files share (tests/setup/e2e-global.ts). */
    e2eSharedDemoURL: string;
    /** A data dir holding a migrated, demo-seeded PGlite database (tests/setup/e2e-global.ts). */
    e2eDataTemplate: string;
    /** A data dir holding a migrated PGlite database with the surveys synced and no other rows. */
    e2eEmptyTemplate: string;
  }
}

export interface StartOptions<Fixtures = undefined> {
  /** Extra environment for the server, e.g. { STORYBLOK_ENDPOINT: "http://127.0.0.1:4010/v2" }. */
  env?: Record<string, string>;
  /** A data dir to copy instead of the template (the empty one with `fixtures`, else the demo one). */
  dataTemplate?: string;
  /**
   * Makes the test's own data (and sessions) in the server's copied data dir
   * before the server starts; its result is `app.fixtures`.
   */
  fixtures?: FixtureCallback<Fixtures>;
  /** The port to listen on (default a free one): a test whose fakes must know the app's address first picks it with freePort. */
  port?: number;
  /** Send the server's mail to a mail catcher (tests/fakes/mail-catcher.ts), to follow mailed links. */
  catchMail?: boolean;
}

const stoppers = new Set<() => Promise<void>>();

// This module is evaluated once per test file, so this hook belongs to the file.
afterAll(async () => {
  await Promise.all([...stoppers].map((stop) => stop()));
});

export async function startAppServer<Fixtures = undefined>(
  options: StartOptions<Fixtures> = {},
): Promise<AppServer<Fixtures>> {
  const template = options.dataTemplate ?? inject(options.fixtures ? "e2eEmptyTemplate" : "e2eDataTemplate");
  const dataDir = await mkdtemp(path.join(tmpdir(), "orliverse-e2e-data-"));
  await cp(template, dataDir, { recursive: true });
  const fixtures = options.fixtures
    ? await runFixtures(dataDir, options.fixtures).catch(async (error) => {
        await rm(dataDir, { recursive: true, force: true });
        throw error;
      })
    : (undefined as Fixtures);
  // The first secret signs (a rotation list "new,old" signs with new).
  const sessionSecret = options.env?.SESSION_SECRET?.split(",")[0] || randomBytes(32).toString("hex");
  const port = options.port ?? (await freePort());
  const mail = options.catchMail ? await startMailCatcher() : undefined;
  const server = await spawnServer({
    port,
    env: {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SECURE_COOKIES: "false",
      LOG_LEVEL: "warn",
      ...(mail ? { SMTP_URL: mail.url } : {}),
      ...options.env,
      SESSION_SECRET: options.env?.SESSION_SECRET ?? sessionSecret,
    },
  }).catch(async (error) => {
    await mail?.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  const stop = async () => {
    stoppers.delete(stop);
    await server.stop();
    await mail?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  stoppers.add(stop);
  return { ...server, mail, sessionSecret, fixtures, stop };
}

/**
 * The one server on the demo data that the e2e files share, for a file that
 * only reads (pages, headers, the sign-in form): no server of its own to boot.
 * A file that changes data, needs its own environment, or looks at the
 * server's process (its output, its memory) starts its own.
 */
export function sharedDemoServer(): { baseURL: string } {
  return { baseURL: inject("e2eSharedDemoURL") };
}
