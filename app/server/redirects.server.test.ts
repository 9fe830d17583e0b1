import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { HOSTILE_REDIRECTS } from "../../tests/support/hostile-strings";
import { redirect, redirectWithError, redirectWithSuccess } from "./redirects.server";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

test("every redirect in the app goes through redirects.server.ts", () => {
  const offenders: string[] = [];
  for (const file of sourceFiles(path.resolve("app"))) {
    if (file.endsWith(path.join("server", "redirects.server.ts"))) continue;
    const text = readFileSync(file, "utf8");
    const fromRouter = /import\s*\{[^}]*\bredirect(Document)?\b[^}]*\}\s*from\s*"react-router"/.test(text);
    const fromToast =
      /import\s*\{[^}]*\b(redirectWith\w+|replaceWith\w+|redirectWithToast)\b[^}]*\}\s*from\s*"remix-toast"/.test(text);
    const byHand = /Response\.redirect\(|["']Location["']\s*[:,]/.test(text);
    if (fromRouter || fromToast || byHand) offenders.push(path.relative(process.cwd(), file));
  }
  expect(offenders).toEqual([]);
});

test("a hostile target becomes /, in plain redirects and in toast redirects alike", async () => {
  for (const target of HOSTILE_REDIRECTS) {
    for (const response of [
      redirect(target),
      await redirectWithSuccess(target, "Saved."),
      await redirectWithError(target, "Failed."),
    ]) {
      const location = response.headers.get("location")!;
      expect(location.startsWith("/") && !location.startsWith("//"), JSON.stringify(target)).toBe(true);
      expect(new URL(location, "https://classroom.example/").host, JSON.stringify(target)).toBe("classroom.example");
    }
  }
  expect(redirect("/class/1/home").headers.get("location")).toBe("/class/1/home");
});
