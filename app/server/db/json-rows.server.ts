/**
 * Nested lists in one round trip, typed from the schema: a screen that needs
 * a class with its students, each with their contacts, asks PostgreSQL for
 * JSON subqueries (`json_agg(json_build_object(…))`) instead of one query per
 * level (docs/performance.md). Written by hand, such a subquery named each
 * column twice (as a JSON key and as SQL) and declared its TypeScript type a
 * third time, and its timestamps arrived as strings typed as dates.
 *
 * Here a subquery's fields are drizzle columns (of an `alias()` of the table)
 * or typed SQL, and one object says it all:
 *
 *     const c = alias(studentContacts, "c");
 *     const contactFields = { id: c.id, name: c.name, email: c.email };
 *     export type Contact = JsonRow<typeof contactFields>;   // { id: number; name: string; email: string | null }
 *     jsonList(contactFields, sql`from ${aliased(c)} where ${c.studentId} = ${students.id}`, sql`${c.position}`)
 *
 * The row type follows the schema (rename a column and the typecheck fails),
 * and each value is decoded by its column as a plain select would decode it
 * (a timestamp becomes a Date), nested lists included.
 */
import { Column, type DriverValueDecoder, getTableName, is, SQL, sql, type Table } from "drizzle-orm";
import type { Db, Tx } from "./client.server";

/** A field of a JSON row: a column, or an SQL expression typed (and, if need be, decoded) with mapWith. */
type JsonField = Column | SQL<unknown>;
export type JsonFields = Record<string, JsonField>;

type FieldValue<F> = F extends Column
  ? F["_"]["notNull"] extends true
    ? F["_"]["data"]
    : F["_"]["data"] | null
  : F extends SQL<infer T>
    ? T
    : never;

/** The decoded row of a set of fields. */
export type JsonRow<T extends JsonFields> = { [K in keyof T]: FieldValue<T[K]> };

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `json_build_object('key', field, …)`. */
export function jsonObject(fields: JsonFields): SQL {
  const parts = Object.entries(fields).map(([key, field]) => {
    if (!KEY.test(key)) throw new Error(`Not a JSON field name: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${field}`;
  });
  return sql`json_build_object(${sql.join(parts, sql`, `)})`;
}

function decoderOf(field: JsonField): DriverValueDecoder<unknown, unknown> | null {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as SQL & { decoder?: DriverValueDecoder<unknown, unknown> }).decoder ?? null;
  return null;
}

/** Decodes one JSON row: each value as its column (or its mapWith) decodes it. */
export function decodeJsonRow<T extends JsonFields>(fields: T, raw: Record<string, unknown>): JsonRow<T> {
  const row: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    const value = raw[key] ?? null;
    const decoder = decoderOf(field);
    row[key] = value === null || !decoder ? value : decoder.mapFromDriverValue(value);
  }
  return row as JsonRow<T>;
}

/** Some drivers hand json back as text. */
const parsed = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);

/**
 * The rows of `from` (a `from … where …` fragment) as a decoded list, in
 * `orderBy` order; an empty list when there are none.
 */
export function jsonList<T extends JsonFields>(fields: T, from: SQL, orderBy: SQL): SQL<JsonRow<T>[]> {
  return sql`coalesce((select json_agg(${jsonObject(fields)} order by ${orderBy}) ${from}), '[]'::json)`.mapWith(
    (value: unknown) => (parsed(value) as Record<string, unknown>[]).map((raw) => decodeJsonRow(fields, raw)),
  );
}

/** One column's values over the rows of `from`, decoded by the column, in `orderBy` order (`["Ada", "Ben"]`). */
export function jsonValues<C extends Column>(column: C, from: SQL, orderBy: SQL): SQL<FieldValue<C>[]> {
  return sql`coalesce((select json_agg(${column} order by ${orderBy}) ${from}), '[]'::json)`.mapWith((value: unknown) =>
    (parsed(value) as unknown[]).map((raw) => (raw === null ? null : column.mapFromDriverValue(raw))),
  ) as SQL<FieldValue<C>[]>;
}

/** The first row of `from` (a `from … where … [limit 1]` fragment) as a decoded object, or null. */
export function jsonFirst<T extends JsonFields>(fields: T, from: SQL): SQL<JsonRow<T> | null> {
  return sql`(select ${jsonObject(fields)} ${from})`.mapWith((value: unknown) =>
    value === null ? null : decodeJsonRow(fields, parsed(value) as Record<string, unknown>),
  );
}

/** A column read through a left join: its own decoding, and null when the join found nothing. */
export function orNull<C extends Column>(column: C): SQL<FieldValue<C> | null> {
  return sql`${column}`.mapWith(column) as SQL<FieldValue<C> | null>;
}

/** drizzle's own key for the table an alias stands for. */
const ORIGINAL_NAME = Symbol.for("drizzle:OriginalName");

/** An `alias()` of a table in a hand-written FROM: `"student_contacts" "c"` (drizzle alone writes `"c"`). */
export function aliased(table: Table): SQL {
  const original = (table as unknown as Record<symbol, unknown>)[ORIGINAL_NAME];
  if (typeof original !== "string") throw new Error("aliased() takes a table or an alias of one");
  const name = getTableName(table);
  return name === original
    ? sql`${sql.identifier(original)}`
    : sql`${sql.identifier(original)} ${sql.identifier(name)}`;
}

/** Runs raw SQL; drizzle's execute() returns `{ rows }` on pg and PGlite alike. */
export async function selectRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}
