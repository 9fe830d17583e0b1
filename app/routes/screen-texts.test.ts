import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/** Every screen's and component's source: where the texts a user sees live (STYLE.md: literals where rendered). */
function screenSources(): Array<{ file: string; text: string }> {
  const files: string[] = [];
  for (const root of ["app/routes", "app/components"]) {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith(".tsx") && !entry.name.includes(".test.")) {
        files.push(path.join(entry.parentPath, entry.name));
      }
    }
  }
  return files.map((file) => ({ file, text: readFileSync(file, "utf8") }));
}

// Students answer and draw in the browser now (ADRs 150–152, 171); the SPEC's
// preview message is the one text that still names the app, word for word.
const SPEC_PREVIEW = "Drawing will be enabled in the Orliverse app!";

test("no screen tells teachers that students answer or draw only in an app", () => {
  const found: string[] = [];
  for (const { file, text } of screenSources()) {
    const rest = text.replaceAll(SPEC_PREVIEW, "");
    for (const phrase of [/in the Orliverse\s+app/i, /(in|from) the student app/i]) {
      const match = phrase.exec(rest);
      if (match) found.push(`${file}: ${match[0]}`);
    }
  }
  expect(found).toEqual([]);
});
