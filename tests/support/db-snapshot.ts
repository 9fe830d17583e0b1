/**
 * What the database holds, for tests that must prove a refused request
 * changed nothing, or that no text a field may not hold was ever stored.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";

/** Every table but sessions and rate limits (which a refused sign-in may rightly touch). */
export const SNAPSHOT_TABLES = [
  "schools",
  "users",
  "credentials",
  "verification_tokens",
  "classes",
  "class_teachers",
  "students",
  "student_contacts",
  "class_codes",
  "class_students",
  "surveys",
  "assignments",
  "responses",
  "student_tokens",
  "audit_events",
  "email_outbox",
  "response_drawings",
];

/**
 * Columns left out: when a token was last used is written (at most once a
 * minute) by any request that shows it, refused or not, as a session's is.
 */
const TOUCHED_COLUMNS = ["last_used_at"];

const SNAPSHOT_SQL = SNAPSHOT_TABLES.map((table) => {
  const row = `(to_jsonb(x) - array[${TOUCHED_COLUMNS.map((column) => `'${column}'`).join(", ")}])::text`;
  return `select '${table}' as t, count(*)::int as n, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as h from "${table}" x`;
}).join(" union all ");

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** One line per table: its name, row count and an md5 of its content. */
export async function snapshot(db: Db): Promise<string[]> {
  const found = await rows<{ t: string; n: number; h: string }>(db, sql.raw(SNAPSHOT_SQL));
  return found.map((row) => `${row.t}:${row.n}:${row.h}`);
}

/** The tables whose rows differ between two snapshots ("" when none). */
export function changedTables(before: string[], after: string[]): string {
  return after
    .filter((line, index) => line !== before[index])
    .map((line) => line.split(":")[0])
    .join(", ");
}

/**
 * Characters no field may hold (ADR 120) as PostgreSQL regular expressions:
 * raw in text (C0 controls but tab/LF/CR, DEL, C1, noncharacters), and the
 * `\u00XX` escapes jsonb prints for C0 controls. (A lone surrogate cannot
 * be stored as such: UTF-8 turns it into U+FFFD on the way, which is why
 * the JSON backstop refuses it before that.)
 */
const RAW_FORBIDDEN = "[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFDD0-\uFDEF\uFFFE\uFFFF]";
const JSON_ESCAPED_FORBIDDEN = "\\\\u00(0[0-8bBcCeEfF]|1[0-9a-fA-F])";

/** `table.column` of every stored text (text, varchar, json, jsonb) holding a character no field may hold. */
export async function forbiddenTextInDatabase(db: Db): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')
          and table_name not in ('sessions', 'rate_limits', '__drizzle_migrations')`,
  );
  const found: string[] = [];
  for (const column of columns) {
    const target = sql.raw(`"${column.table_name}"."${column.column_name}"`);
    const json = column.data_type === "json" || column.data_type === "jsonb";
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.raw(`"${column.table_name}"`)}
          where ${target}::text ~ ${RAW_FORBIDDEN} ${json ? sql`or ${target}::text ~ ${JSON_ESCAPED_FORBIDDEN}` : sql``}`,
    );
    if (n > 0) found.push(`${column.table_name}.${column.column_name} (${n})`);
  }
  return found;
}
