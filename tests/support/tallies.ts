/**
 * The response tallies a database should hold, counted in JavaScript from
 * its responses with ADR 066's rules (not with the SQL that keeps them), and
 * the tallies it does hold: a test compares the two after each change.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";

type Tallies = Record<string, number>;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

function valueKey(value: unknown): string | null {
  if (typeof value === "string") return `s:${createHash("md5").update(value, "utf8").digest("hex")}`;
  if (typeof value === "number") return `n:${value}`;
  if (typeof value === "boolean") return `b:${value}`;
  return null;
}

export async function expectedTallies(db: Db): Promise<Tallies> {
  const rows = rowsOf<{ assignment_id: number; answers: Record<string, unknown> }>(
    await db.execute(sql`select assignment_id, answers from responses`),
  );
  const tallies: Tallies = {};
  const add = (key: string) => {
    tallies[key] = (tallies[key] ?? 0) + 1;
  };
  for (const { assignment_id: assignmentId, answers } of rows) {
    add(`${assignmentId}||`);
    // Answers that are not an object (never stored by the API) answer no question.
    if (typeof answers !== "object" || answers === null || Array.isArray(answers)) continue;
    for (const [uid, value] of Object.entries(answers)) {
      if (uid === "" || value === null) continue;
      const text = typeof value === "string" ? value : JSON.stringify(value);
      if (text.trim() === "") continue;
      add(`${assignmentId}|${uid}|`);
      const key = valueKey(value);
      if (key) add(`${assignmentId}|${uid}|${key}`);
    }
  }
  return tallies;
}

export async function storedTallies(db: Db): Promise<Tallies> {
  const rows = rowsOf<{ assignment_id: number; question_uid: string; value_key: string; count: number }>(
    await db.execute(sql`select assignment_id, question_uid, value_key, count from response_tallies`),
  );
  return Object.fromEntries(
    rows.map((row) => [`${row.assignment_id}|${row.question_uid}|${row.value_key}`, row.count]),
  );
}
