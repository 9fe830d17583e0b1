/**
 * The docs stay true to the repository (issue 34, point 4):
 * - every ADR cited in code, tests, CI and docs ("ADR 070", "ADRs 150–152", a
 *   path or link to a record's file) exists as a file;
 * - every repository path an ADR or a document names in backticks exists
 *   (globs and placeholders such as `app/routes/**` or `app/locales/<lang>/` are skipped);
 * - every relative Markdown link in the docs reaches a file;
 * - docs/architecture.md describes every top-level folder of app/.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const decisionsDir = path.join(root, "docs/decisions");

/** The repository's files (tracked, and new ones not ignored), relative to its root. */
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => file !== "" && existsSync(path.join(root, file)));

const textFile = /\.(ts|tsx|js|mjs|cjs|md|sh|ya?ml|css|sql|conf)$|^\.ci\/run$|Dockerfile$/;
const citing = files.filter(
  (file) =>
    textFile.test(file) &&
    (/^(app|tests|\.ci|docs)\//.test(file) || file === "README.md") &&
    !file.startsWith("docs/screenshots/"),
);
const docs = files.filter((file) => /^docs\/.*\.md$/.test(file) || file === "README.md");

const adrNumbers = new Set(
  readdirSync(decisionsDir)
    .map((name) => /^(\d{3})-.*\.md$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined),
);

function read(file: string): string {
  return readFileSync(path.join(root, file), "utf8");
}

/** The ADR numbers a text cites in words: "ADR 070", "ADRs 150–152, 170 and 171", "ADR #224". */
function citedAdrNumbers(text: string): string[] {
  const cited: string[] = [];
  for (const match of text.matchAll(
    /\bADRs?\s+#?(\d{3}(?:(?:\s*[–-]\s*|,\s*|\s+and\s+|\s+or\s+|\s*\/\s*)#?\d{3})*)/g,
  )) {
    cited.push(...(match[1].match(/\d{3}/g) ?? []));
  }
  return cited;
}

/** Where a cited ADR file name (under docs/decisions/, or a relative Markdown link) does not exist. */
function missingAdrFiles(file: string, text: string): string[] {
  const missing: string[] = [];
  for (const match of text.matchAll(/(?:decisions\/|\]\()(\d{3}-[a-z0-9-]+\.md)/g)) {
    if (!existsSync(path.join(decisionsDir, match[1]))) missing.push(`${file}: ${match[1]}`);
  }
  return missing;
}

/** A template's stand-in, not a path: NNN-title.md, MMM-….md, <lang>. */
const placeholder = /NNN|MMM|…|<|\*/;

const repoRoots = ["app/", "tests/", "docs/", "drizzle/", "content/", ".ci/", "public/"];

/** The repository paths a Markdown text names in backticks, without globs and placeholders. */
function namedPaths(text: string): string[] {
  const named: string[] = [];
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    let candidate = match[1].trim();
    if (!repoRoots.some((start) => candidate.startsWith(start))) continue;
    if (placeholder.test(candidate) || /[>{}[\]$\s|]|\.\.\./.test(candidate)) continue;
    candidate = candidate.replace(/[#:?].*$/, "").replace(/[.,;)]+$/, "");
    named.push(candidate);
  }
  return named;
}

describe("the docs stay true", () => {
  it("every ADR cited in code, tests, CI and docs exists", () => {
    const missing: string[] = [];
    for (const file of citing) {
      const text = read(file);
      for (const n of citedAdrNumbers(text)) if (!adrNumbers.has(n)) missing.push(`${file}: ADR ${n}`);
      missing.push(...missingAdrFiles(file, text));
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it("every path an ADR or a document names exists", () => {
    const missing: string[] = [];
    for (const file of docs) {
      for (const named of namedPaths(read(file))) {
        if (!existsSync(path.join(root, named))) missing.push(`${file}: ${named}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it("every relative link in the docs reaches a file", () => {
    const missing: string[] = [];
    for (const file of docs) {
      for (const match of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1].replace(/#.*$/, "");
        if (target === "" || /^[a-z]+:/i.test(target) || placeholder.test(target)) continue;
        if (!existsSync(path.join(root, path.dirname(file), target))) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("docs/architecture.md describes every top-level folder of app/", () => {
    const architecture = read("docs/architecture.md");
    const folders = readdirSync(path.join(root, "app"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `app/${entry.name}/`);
    const described = (folder: string) => new RegExp(`(^|[\\s\`(])${folder}`, "m").test(architecture);
    expect(folders.filter((folder) => !described(folder))).toEqual([]);
  });

  it("finds citations and paths the way the docs write them", () => {
    expect(citedAdrNumbers("ADR 070's rule; ADRs 150–152 and 170; ADR #224")).toEqual([
      "070",
      "150",
      "152",
      "170",
      "224",
    ]);
    expect(namedPaths("`app/http/` and `app/routes/**` and `app/locales/<lang>/x.json` and `tests/a.ts:12`.")).toEqual([
      "app/http/",
      "tests/a.ts",
    ]);
  });
});
