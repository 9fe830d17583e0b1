/**
 * The command-line scripts run the app's modules under plain tsx, not Vite:
 * `npm run db:seed`, `npm run admin:create`, `npm run bench` and `npm run load`.
 * A Vite-only construct in a module they reach (import.meta.glob once did)
 * stops them at start while every Vite-run test stays green, so they are run
 * here as a deployer runs them, on a fresh embedded database.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");
let dataDir = "";

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "orliverse-cli-"));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function cli(script: string, args: string[] = [], env: Record<string, string> = {}) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return run(tsx, [script, ...args], {
    env: { ...inherited, DATA_DIR: dataDir, NODE_ENV: "development", ...env },
    timeout: 120_000,
  });
}

test("npm run db:seed seeds the demo data into an empty database, and leaves a seeded one alone", async () => {
  const first = await cli("app/cli/db-seed.ts");
  expect(first.stdout).toMatch(/^Demo data seeded into the embedded database in .*: \d+ \w+/m);
  const second = await cli("app/cli/db-seed.ts");
  expect(second.stdout).toContain("already has users; demo data was not seeded.");
}, 180_000);

test("npm run admin:create says the seeded database already has an admin", async () => {
  const { stdout } = await cli("app/cli/admin-create.ts", [
    "--email",
    "it@school.example",
    "--password",
    "A-long-pass-1",
  ]);
  expect(stdout).toContain("already has an admin; nothing was created.");
}, 120_000);

test.each([
  ["npm run bench", "tests/bench/run.ts", { BENCH_PARTS: "none" }, "Nothing to run: BENCH_PARTS names none of"],
  ["npm run load", "tests/load/run.ts", { LOAD_PARTS: "none" }, "Nothing to run: LOAD_PARTS names neither"],
])(
  "%s loads every module it runs under tsx",
  async (_name, script, env, said) => {
    const { stdout } = await cli(script, [], env);
    expect(stdout).toContain(said);
  },
  120_000,
);
