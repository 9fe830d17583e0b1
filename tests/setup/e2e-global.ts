/**
 * vitest globalSetup for the "e2e" project. Expects the app built
 * (`npm run test:e2e` runs `react-router build` first; a missing build is
 * built here). Prepares ONE migrated, demo-seeded PGlite data dir by starting
 * the production server once; each test file's server starts on a copy
 * (tests/support/server.ts).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
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

  const dataDir = await mkdtemp(path.join(tmpdir(), "orliverse-e2e-template-"));
  const server = await spawnServer({
    port: await freePort(),
    env: {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DEMO_DATA: "true",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SECURE_COOKIES: "false",
      LOG_LEVEL: "warn",
    },
    readyTimeoutMs: 120_000,
  }).catch(async (error) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  // SIGTERM closes the database cleanly, so the directory can be copied.
  await server.stop();
  project.provide("e2eDataTemplate", dataDir);

  return async () => {
    await rm(dataDir, { recursive: true, force: true });
  };
}
