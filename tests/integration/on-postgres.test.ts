/** Every file named in ON_POSTGRES exists, so a rename cannot drop a file from CI's PostgreSQL run unnoticed. */
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { ON_POSTGRES } from "./on-postgres";

test("every file CI runs on PostgreSQL exists", () => {
  const missing = ON_POSTGRES.filter((name) => !existsSync(path.resolve("tests/integration", `${name}.test.ts`)));
  expect(missing).toEqual([]);
});
