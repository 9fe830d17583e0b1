/**
 * The shape a newcomer can hold (issue 34): no import cycles in app/.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { expect, test } from "vitest";

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
