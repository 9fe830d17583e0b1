/**
 * vitest globalSetup for the "e2e" project. Expects the app built
 * (`npm run test:e2e` runs `react-router build` first; a missing build is
 * built here). Prepares two PGlite data dirs by starting the production
 * server once on each; each test file's server starts on a copy of one
 * (tests/support/server.ts):
 *
 * - `e2eEmptyTemplate`: migrated, the survey registry synced from the content,
 *   and no users, schools or classes. Tests that make their own data with
 *   `startAppServer({ fixtures })` start from it (docs/decisions/166-…).
 * - `e2eDataTemplate`: the same with the demo data, for the tests whose
 *   subject is the demo data, the quick start or the sign-in form.
 *
 * It also starts one server on a copy of the demo data, for the files that
 * only read it and need nothing of their own (`sharedDemoServer()`, issue #34).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, SERVER_BUILD, spawnServer } from "../support/app-process";
import { CHROMIUM_PATH } from "../support/chromium";

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install it with apt-get install -y chromium`);
  }
  if (!existsSync(SERVER_BUILD)) {
    execFileSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
      stdio: "inherit",
    });
  }

  const prepared = await Promise.allSettled([prepareTemplate({ DEMO_DATA: "true" }), prepareTemplate({})]);
  const failed = prepared.find((result) => result.status === "rejected");
  if (failed) {
    for (const result of prepared) if (result.status === "fulfilled") await rm(result.value, { recursive: true });
    throw failed.reason;
  }
  const [demo, empty] = prepared.map((result) => (result as PromiseFulfilledResult<string>).value);
  project.provide("e2eDataTemplate", demo);
  project.provide("e2eEmptyTemplate", empty);

  // One server on a copy of the demo data for the files that only read it (tests/support/server.ts, sharedDemoServer).
  const sharedDir = await mkdtemp(path.join(tmpdir(), "orliverse-e2e-shared-"));
  await cp(demo, sharedDir, { recursive: true });
  const shared = await spawnServer({
    port: await freePort(),
    env: {
      NODE_ENV: "production",
      DATA_DIR: sharedDir,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SECURE_COOKIES: "false",
      LOG_LEVEL: "warn",
    },
    readyTimeoutMs: 120_000,
  });
  project.provide("e2eSharedDemoURL", shared.baseURL);

  return async () => {
    await shared.stop();
    await rm(sharedDir, { recursive: true, force: true });
    await rm(demo, { recursive: true, force: true });
    await rm(empty, { recursive: true, force: true });
  };
}

/** Starts the production server once on a new data dir and stops it: the dir is then migrated and synced. */
async function prepareTemplate(env: Record<string, string>): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "orliverse-e2e-template-"));
  const server = await spawnServer({
    port: await freePort(),
    env: {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SECURE_COOKIES: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    readyTimeoutMs: 120_000,
  }).catch(async (error) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  // SIGTERM closes the database cleanly, so the directory can be copied.
  await server.stop();
  return dataDir;
}
