/**
 * Rows for a database migrated only part of the way (the migration tests):
 * plain `insert … returning id` with just the columns given, because a
 * drizzle insert names every column of today's schema, which such a
 * database does not have yet.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { selectRows } from "~/server/db/json-rows.server";

export async function insertOldRow(db: Db, table: string, values: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(values);
  const params = columns.map((column) => {
    const value = values[column];
    return value !== null && typeof value === "object" && !(value instanceof Date)
      ? sql`${JSON.stringify(value)}::jsonb`
      : sql`${value}`;
  });
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into ${sql.identifier(table)} (${sql.join(
      columns.map((column) => sql.identifier(column)),
      sql`, `,
    )}) values (${sql.join(params, sql`, `)}) returning id`,
  );
  return Number(row.id);
}
