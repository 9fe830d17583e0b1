/**
 * A OneRoster 1.2 CSV zip (issue 39.2), read into checked rows: the zip
 * unpacked within bounds (size, entries, uncompressed bytes: a zip bomb
 * stops at its declared sizes, which are capped before anything inflates),
 * each CSV parsed by csv-parse, the manifest and the required columns
 * checked. A problem names its file, line and field, never a cell's text:
 * the file's contents never reach an error message or a log.
 */
import { CsvError, parse } from "csv-parse/sync";
import { unzipSync } from "fflate";
import { ONEROSTER_LIMITS } from "~/lib/oneroster-limits";
import { findForbiddenCharacter } from "~/lib/schemas/text";
import { badRequest, isDomainError } from "../errors.server";

const MIB = 1024 * 1024;

export { ONEROSTER_LIMITS };

/** A problem: its file, line (1 is the header) and field, an English message (the catalogues' key) and its values. */
export interface OneRosterProblem {
  file: string;
  line: number;
  field: string;
  message: string;
  values?: Record<string, string | number>;
}

/** One row: its line in the file and its cells by column name. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

/** The files this import reads, with the columns each must have. */
export const READ_FILES = {
  "manifest.csv": ["propertyName", "value"],
  "orgs.csv": ["sourcedId", "name", "type"],
  "users.csv": ["sourcedId", "givenName", "familyName"],
  "classes.csv": ["sourcedId", "title", "schoolSourcedId"],
  "enrollments.csv": ["sourcedId", "classSourcedId", "schoolSourcedId", "userSourcedId", "role"],
  "roles.csv": ["userSourcedId", "role", "orgSourcedId"],
} as const;
export type ReadFile = keyof typeof READ_FILES;
/** Files that must be in the zip and be "bulk" in the manifest. */
const REQUIRED_FILES: readonly ReadFile[] = ["orgs.csv", "users.csv", "classes.csv", "enrollments.csv"];

export interface OneRosterFiles {
  rows: Partial<Record<ReadFile, CsvRow[]>>;
  /** Problems that stop the whole import (the manifest, a missing file or column, an unreadable file). */
  fatal: OneRosterProblem[];
  /** Files in the zip this import does not read (demographics.csv is not listed). */
  ignored: string[];
}

const tooLarge = () => badRequest(`The zip file is larger than ${ONEROSTER_LIMITS.zipBytes / MIB} MB.`);

/** The zip's files as text, by name; refuses (400) anything over the bounds or not a zip. */
export function unpackRosterZip(bytes: Uint8Array): Map<string, string> {
  if (bytes.byteLength > ONEROSTER_LIMITS.zipBytes) throw tooLarge();
  let entries = 0;
  let declared = 0;
  let unpacked: Record<string, Uint8Array>;
  try {
    unpacked = unzipSync(bytes, {
      filter: (file) => {
        entries++;
        declared += file.originalSize;
        if (entries > ONEROSTER_LIMITS.entries) {
          throw badRequest(`The zip file holds more than ${ONEROSTER_LIMITS.entries} files.`);
        }
        if (declared > ONEROSTER_LIMITS.uncompressedBytes) {
          throw badRequest(`The zip file unpacks to more than ${ONEROSTER_LIMITS.uncompressedBytes / MIB} MB.`);
        }
        return !file.name.endsWith("/") && !file.name.startsWith("__MACOSX/");
      },
    });
  } catch (error) {
    if (isDomainError(error)) throw error;
    throw badRequest("The file is not a zip file. Upload the OneRoster export as it came (a .zip).");
  }
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const files = new Map<string, string>();
  for (const [path, content] of Object.entries(unpacked)) {
    const name = path.slice(path.lastIndexOf("/") + 1);
    try {
      files.set(name, decoder.decode(content));
    } catch {
      files.set(name, "\u0000not utf-8");
    }
  }
  return files;
}

/** One CSV file's rows, or the problem that makes it unreadable. */
function parseCsv(file: string, text: string): { rows: CsvRow[]; header: string[] } | OneRosterProblem {
  if (text === "\u0000not utf-8") {
    return { file, line: 1, field: "", message: "The file is not UTF-8 text." };
  }
  const forbidden = findForbiddenCharacter(text.replace(/^\uFEFF/, ""), "multi-line");
  if (forbidden) {
    const line = text.slice(0, forbidden.index).split("\n").length;
    return { file, line, field: "", message: "This line contains a character that cannot be saved." };
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      to: ONEROSTER_LIMITS.rowsPerFile + 2,
    }) as unknown as typeof records;
  } catch (error) {
    // The parser's message quotes the file: only its line goes on.
    const line = error instanceof CsvError ? Number((error as CsvError & { lines?: number }).lines) || 1 : 1;
    return { file, line, field: "", message: "The file cannot be read as CSV here." };
  }
  if (records.length - 1 > ONEROSTER_LIMITS.rowsPerFile) {
    return {
      file,
      line: ONEROSTER_LIMITS.rowsPerFile + 2,
      field: "",
      message: "At most {count} rows in one file.",
      values: { count: ONEROSTER_LIMITS.rowsPerFile },
    };
  }
  const header = records[0]?.record ?? [];
  const rows = records.slice(1).map(({ record, info }) => ({
    line: info.lines,
    cells: Object.fromEntries(header.map((column, index) => [column, record[index] ?? ""])),
  }));
  return { rows, header };
}

const FILE_STATES = ["bulk", "delta", "absent"];

/** Checks the manifest against the zip: OneRoster 1.2, the four files present and "bulk", every listed file there. */
function checkManifest(rows: CsvRow[], names: Set<string>): OneRosterProblem[] {
  const problems: OneRosterProblem[] = [];
  const at = (property: string) => rows.find((row) => row.cells.propertyName === property);
  const problem = (line: number, field: string, message: string, values?: OneRosterProblem["values"]) =>
    problems.push({ file: "manifest.csv", line, field, message, values });
  const version = at("oneroster.version");
  if (!version) problem(1, "propertyName", "The manifest has no {property}.", { property: "oneroster.version" });
  else if (version.cells.value !== "1.2") problem(version.line, "value", "Only OneRoster 1.2 files can be imported.");
  for (const row of rows) {
    const property = row.cells.propertyName;
    if (!property.startsWith("file.")) continue;
    const file = `${property.slice("file.".length)}.csv`;
    const state = row.cells.value;
    if (!FILE_STATES.includes(state)) problem(row.line, "value", "Use bulk, delta or absent.");
    else if (state !== "absent" && !names.has(file)) {
      problem(row.line, "value", "The manifest lists {file}, but the zip has no such file.", { file });
    } else if (state === "delta" && (REQUIRED_FILES as readonly string[]).includes(file)) {
      problem(row.line, "value", "Only a full export (bulk) can be imported.");
    }
  }
  for (const file of REQUIRED_FILES) {
    const row = at(`file.${file.replace(/\.csv$/, "")}`);
    if (!row) problem(1, "propertyName", "The manifest has no {property}.", { property: `file.${file.slice(0, -4)}` });
    else if (row.cells.value === "absent")
      problem(row.line, "value", "The import needs {file}: export it in bulk.", { file });
  }
  return problems;
}

/** The zip's files read and checked as files; rows are checked by the plan. */
export function readRosterFiles(files: Map<string, string>): OneRosterFiles {
  const result: OneRosterFiles = { rows: {}, fatal: [], ignored: [] };
  if (!files.has("manifest.csv")) {
    result.fatal.push({ file: "manifest.csv", line: 0, field: "", message: "The zip has no manifest.csv." });
  }
  for (const file of REQUIRED_FILES) {
    if (!files.has(file))
      result.fatal.push({ file, line: 0, field: "", message: "The zip has no {file}.", values: { file } });
  }
  for (const [name, text] of files) {
    if (!(name in READ_FILES)) {
      if (name !== "demographics.csv") result.ignored.push(name);
      continue;
    }
    const file = name as ReadFile;
    const parsed = parseCsv(file, text);
    if ("message" in parsed) {
      result.fatal.push(parsed);
      continue;
    }
    const missing = READ_FILES[file].filter((column) => !parsed.header.includes(column));
    for (const column of missing) {
      result.fatal.push({ file, line: 1, field: column, message: "The column is missing." });
    }
    if (missing.length === 0) result.rows[file] = parsed.rows;
  }
  if (result.rows["manifest.csv"]) {
    result.fatal.push(...checkManifest(result.rows["manifest.csv"], new Set(files.keys())));
  }
  result.ignored.sort();
  return result;
}
