import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { csvCell, csvDownload, csvRows } from "./csv.server";

/**
 * The worst reading of a CSV line a spreadsheet might do: split on a
 * separator, ignoring quotes, then drop the quotes and spaces around each
 * piece. No piece may start a formula.
 */
function startsAFormula(line: string, separator: string): string | null {
  for (const piece of line.split(separator)) {
    const cell = piece.replace(/^[\s"]+/, "");
    if (/^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) || /^[\t\r]/.test(piece.replace(/^"+/, ""))) return piece;
  }
  return null;
}

// biome-ignore format: one case a line
const CASES: Array<[input: string | null | undefined, written: string]> = [
  ["plain",                       "plain"],
  ["",                            ""],
  [null,                          ""],
  [undefined,                     ""],
  ["Ada Lovelace",                "Ada Lovelace"],
  ["a,b",                         '"a,b"'],
  ["a;b",                         '"a;b"'],
  ['say "hi"',                    '"say ""hi"""'],
  ["two\nlines",                  '"two\nlines"'],
  ["=1+1",                        "'=1+1"],
  ["+1",                          "'+1"],
  ["-1+1",                        "'-1+1"],
  ["@SUM(A1)",                    "'@SUM(A1)"],
  ["\uFF1D1+1",                   "'\uFF1D1+1"],
  ['=HYPERLINK("x")',             '"\'=HYPERLINK(""x"")"'],
  ["=cmd|' /C calc'!A0",          "'=cmd|' /C calc'!A0"],
  ["\t=1+1",                      "\"'\t'=1+1\""],
  ["\r=1+1",                      "\"'\r'=1+1\""],
  ["\tplain",                     "\"'\tplain\""],
  ["  =1+1",                      "'  =1+1"],
  [" \n @x",                      "\" \n '@x\""],
  ["a;=1+1",                      "\"a;'=1+1\""],
  ["a,=1+1",                      "\"a,'=1+1\""],
  ["a; =1+1",                     "\"a; '=1+1\""],
  ['x,"=cmd"',                    '"x,""\'=cmd"""'],
  ["a\t+1",                       "\"a\t'+1\""],
  ["line\n-2+3",                  "\"line\n'-2+3\""],
  ["well-being",                  "well-being"],
  ["3 - 4 = -1",                  "3 - 4 = -1"],
  ["name@example.org",            "name@example.org"],
];

test.each(CASES)("csvCell(%j) is written as %j", (input, written) => {
  expect(csvCell(input)).toBe(written);
});

test("no written cell starts a formula when read with , or ; or a tab as separator, quotes honoured or not", () => {
  for (const [input] of CASES) {
    const line = csvRows([["first", input, "last"]]).replace(/\r\n$/, "");
    for (const separator of [",", ";", "\t"]) {
      for (const row of line.split(/\r\n|\n|\r/)) {
        expect(
          startsAFormula(row, separator),
          `${JSON.stringify(input)} split on ${JSON.stringify(separator)}`,
        ).toBeNull();
      }
    }
  }
});

test("rows end in CRLF, numbers are written as they are", () => {
  expect(
    csvRows([
      ["a", 1],
      ["b", null],
    ]),
  ).toBe("a,1\r\nb,\r\n");
  expect(csvCell(-3)).toBe("'-3");
});

test("a download has a byte order mark, a safe filename and is never cached", async () => {
  const response = csvDownload('bad "name"\r\n.csv', "a\r\n");
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toBe('attachment; filename="bad__name___.csv"');
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(new Uint8Array(await response.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
});

test("every CSV the app sends is written here: no other module sets a text/csv answer", () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !full.endsWith("csv.server.ts")) {
        if (/["']Content-Type["']\s*:\s*["']text\/csv/i.test(readFileSync(full, "utf8"))) offenders.push(full);
      }
    }
  };
  walk(path.resolve("app"));
  expect(offenders).toEqual([]);
});
