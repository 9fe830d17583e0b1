/**
 * The production build of the app on a free port, with its own copy of the
 * seeded database: each test file starts its own server, so files never
 * share data.
 *
 *   let app: AppServer;
 *   beforeAll(async () => { app = await startAppServer(); });
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
import { freePort, type AppServer as ProcessServer, spawnServer } from "./app-process";

export interface AppServer extends ProcessServer {
  /** The server's outgoing mail, when started with `catchMail: true`. */
  mail?: MailCatcher;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A data dir holding a migrated, demo-seeded PGlite database (tests/setup/e2e-global.ts). */
    e2eDataTemplate: string;
  }
}

export interface StartOptions {
  /** Extra environment for the server, e.g. { STORYBLOK_ENDPOINT: "http://127.0.0.1:4010/v2" }. */
  env?: Record<string, string>;
  /** A data dir to copy instead of the seeded template. */
  dataTemplate?: string;
  /** Send the server's mail to a mail catcher (tests/fakes/mail-catcher.ts), to follow mailed links. */
  catchMail?: boolean;
}

const stoppers = new Set<() => Promise<void>>();

// This module is evaluated once per test file, so this hook belongs to the file.
afterAll(async () => {
  await Promise.all([...stoppers].map((stop) => stop()));
});

export async function startAppServer(options: StartOptions = {}): Promise<AppServer> {
  const template = options.dataTemplate ?? inject("e2eDataTemplate");
  const dataDir = await mkdtemp(path.join(tmpdir(), "orliverse-e2e-data-"));
  await cp(template, dataDir, { recursive: true });
  const port = await freePort();
  const mail = options.catchMail ? await startMailCatcher() : undefined;
  const server = await spawnServer({
    port,
    env: {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SECURE_COOKIES: "false",
      LOG_LEVEL: "warn",
      ...(mail ? { SMTP_URL: mail.url } : {}),
      ...options.env,
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
  return { ...server, mail, stop };
}
