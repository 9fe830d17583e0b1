/**
 * Staff CSV in and out: columns name,email,role,school. The header row is
 * optional (a first row whose cells are these names is taken as the header,
 * in any order); quoted cells, CRLF and a UTF-8 BOM are fine.
 */

import { findForbiddenCharacter, forbiddenTextMessage } from "~/lib/schemas/text";
import { csvRows } from "../csv/csv.server";
import { badRequest } from "../errors.server";
import type { StaffRowInput } from "./bulk-create.server";

export const STAFF_CSV_COLUMNS = ["name", "email", "role", "school"] as const;
export const MAX_STAFF_CSV_BYTES = 1_000_000;

/** RFC 4180 records: commas, quotes ("" inside quotes), CR/LF line ends. */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += char;
      continue;
    }
    if (char === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (char === ",") {
      record.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
    } else cell += char;
  }
  if (cell !== "" || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records.filter((r) => r.some((value) => value.trim() !== ""));
}

/** Staff rows from CSV text; a header row, if present, sets the column order. */
export function parseStaffCsv(text: string): StaffRowInput[] {
  if (text.length > MAX_STAFF_CSV_BYTES) throw badRequest("The CSV is larger than 1 MB. Split it into smaller files.");
  const forbidden = findForbiddenCharacter(text, "multi-line");
  if (forbidden) {
    const line = text.slice(0, forbidden.index).split("\n").length;
    throw badRequest(`Line ${line} of the CSV: ${forbiddenTextMessage(forbidden.character, "multi-line")}`);
  }
  const records = parseCsvRecords(text);
  if (records.length === 0) return [];
  const first = records[0].map((value) => value.trim().toLowerCase());
  const isHeader =
    first.includes("email") &&
    first.every((value) => (STAFF_CSV_COLUMNS as readonly string[]).includes(value) || value === "");
  const order = isHeader ? first : [...STAFF_CSV_COLUMNS];
  const column = (name: string) => order.indexOf(name);
  return records.slice(isHeader ? 1 : 0).map((record) => {
    const get = (name: string) => {
      const index = column(name);
      return index >= 0 ? (record[index] ?? "").trim() : "";
    };
    return { name: get("name"), email: get("email"), role: get("role"), school: get("school") };
  });
}

/** A template with the header and two example rows. */
export function staffCsvTemplate(exampleSchool: string): string {
  const rows = [
    [...STAFF_CSV_COLUMNS],
    ["Ada Lovelace", "ada.lovelace@school.example", "teacher", exampleSchool],
    ["Grace Hopper", "grace.hopper@school.example", "admin", exampleSchool],
  ];
  return csvRows(rows);
}
