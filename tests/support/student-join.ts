/**
 * Tests that need the id of the student a join let in: the join's answer
 * carries none (it would tell the roster, ADR 180), so it is read from the
 * token's row, as only the server could.
 */
import { eq } from "drizzle-orm";
import type { JoinResponse } from "~/lib/student-api/schemas";
import { hashToken } from "~/server/auth/session.server";
import type { Db } from "~/server/db/client.server";
import { studentTokens } from "~/server/db/schema.server";

/** The joined answer with `student.id` added; throws when the device was not let in. */
export async function joinedStudent(db: Db, answer: JoinResponse) {
  if (answer.status !== "joined") throw new Error(`expected the join to let the device in, got "${answer.status}"`);
  const [row] = await db
    .select({ studentId: studentTokens.studentId })
    .from(studentTokens)
    .where(eq(studentTokens.tokenHash, hashToken(answer.token)));
  return { ...answer, student: { id: row.studentId, ...answer.student } };
}
