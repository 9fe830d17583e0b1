/**
 * Who joins a class while an anonymous survey of it is open (issue #35).
 * A teacher who adds students of their own making (puppets) could answer
 * through them around a real child's answer; the release rule holds against
 * threshold - 1 of them, and this makes them visible: the audit events of a
 * student added, joined, admitted or given sign-in codes while an anonymous
 * assignment of the class is open name those assignments, so the school's
 * admin sees them in the audit log (`openAnonymousSurveys`).
 */
import { and, asc, eq } from "drizzle-orm";
import { isOpenSql } from "../assignments/effective-status.server";
import type { Db, Tx } from "../db/client.server";
import { assignments } from "../db/schema.server";

/** The audit details to add: the class's open anonymous assignments, or nothing. */
export async function openAnonymousSurveysDetail(
  tx: Db | Tx,
  classId: number,
): Promise<{ openAnonymousSurveys?: number[] }> {
  const rows = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.classId, classId), eq(assignments.anonymous, true), isOpenSql(assignments, new Date())))
    .orderBy(asc(assignments.id));
  return rows.length === 0 ? {} : { openAnonymousSurveys: rows.map((row) => row.id) };
}
