/**
 * Where e2e tests leave the screenshots a person looks at (they are never
 * compared): SCREENS_DIR, else a folder in the system's temp directory.
 * `SCREENS_DIR=docs/screenshots/languages npx vitest run --project e2e
 * tests/e2e/staff-language.test.ts tests/e2e/student-languages.test.ts`
 * refreshes the ones docs/screenshots keeps.
 */
import { tmpdir } from "node:os";
import path from "node:path";

export function screensDir(...parts: string[]): string {
  return path.join(process.env.SCREENS_DIR ?? path.join(tmpdir(), "orliverse-screens"), ...parts);
}
