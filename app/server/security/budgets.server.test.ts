import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { IN_FLIGHT_LIMITS } from "~/http/in-flight-limits.server";
import { LIVE_STREAM_LIMITS } from "../web/live-budget.server";
import { BUDGETS } from "./budgets.server";

test("every limit the code enforces is a budget (the typed tables cover RATE_LIMITS, DRAWING_QUOTAS, CONCURRENCY_LIMITS)", () => {
  for (const name of Object.keys(IN_FLIGHT_LIMITS)) expect(BUDGETS).toHaveProperty([`IN_FLIGHT_LIMITS.${name}`]);
  for (const name of Object.keys(LIVE_STREAM_LIMITS).filter((name) => name !== "bytesPerStream"))
    expect(BUDGETS).toHaveProperty([`LIVE_STREAM_LIMITS.${name}`]);
});

test("every budget has its row in docs/security.md's table, naming its key, limit and test, and the tests exist", () => {
  const docs = readFileSync("docs/security.md", "utf8");
  const table = docs.slice(docs.indexOf("### Budgets"));
  for (const [name, budget] of Object.entries(BUDGETS)) {
    const row = table.split("\n").find((line) => line.startsWith(`| \`${name}\` `));
    expect(row, name).toBeDefined();
    expect(row).toContain(budget.key);
    expect(row).toContain(budget.limit);
    for (const file of budget.test.split(", ")) {
      expect(row).toContain(file);
      expect(existsSync(file), file).toBe(true);
    }
  }
});
