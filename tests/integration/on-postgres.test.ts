/** Every file named in on-postgres.txt exists, so a rename cannot drop a file from CI's PostgreSQL run unnoticed. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

test("every file CI runs on PostgreSQL exists", () => {
  const names = readFileSync(path.resolve("tests/integration/on-postgres.txt"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  expect(names.length).toBeGreaterThan(20);
  const missing = names.filter((name) => !existsSync(path.resolve("tests/integration", `${name}.test.ts`)));
  expect(missing).toEqual([]);
});
