/**
 * The shape a newcomer can hold (issue 34): no import cycles in app/, and
 * route modules of at most 250 lines (STYLE.md: a route stays thin; cards and
 * intents move beside it, as app/routes/**\/__shared/ does).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, test } from "vitest";

const ROUTE_MODULE_MAX_LINES = 250;

// madge reads every module of app/ (about 470): many seconds on a loaded machine, no deadline that matters.
test("app/ has no import cycles (madge --circular)", { timeout: 300_000 }, () => {
  const cli = createRequire(import.meta.url).resolve("madge/bin/cli.js");
  const run = spawnSync(
    process.execPath,
    [cli, "--circular", "--json", "--no-spinner", "--extensions", "ts,tsx", "--ts-config", "tsconfig.json", "app"],
    { encoding: "utf8" },
  );
  const cycles: string[][] = JSON.parse(run.stdout);
  expect(cycles.map((cycle) => cycle.join(" > "))).toEqual([]);
});

test(`route modules have at most ${ROUTE_MODULE_MAX_LINES} lines`, () => {
  const tooLong: string[] = [];
  for (const entry of readdirSync("app/routes", { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.includes(".test.")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const lines = readFileSync(file, "utf8").split("\n").length - 1;
    if (lines > ROUTE_MODULE_MAX_LINES) tooLong.push(`${file}: ${lines} lines`);
  }
  expect(tooLong).toEqual([]);
});
