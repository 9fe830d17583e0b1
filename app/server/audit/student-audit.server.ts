/**
 * Audit events whose actor is a student (the audit log's actorStudentId), or
 * a device that is not yet any student (null: a join held for the teacher).
 */
import type { Db, Tx } from "../db/client.server";
import { auditEvents } from "../db/schema.server";

export async function recordStudentAuditEvent(
  tx: Db | Tx,
  studentId: number | null,
  event: {
    action: string;
    targetType: string;
    targetId: string | number;
    schoolId: number;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(auditEvents).values({
    actorStudentId: studentId,
    action: event.action,
    targetType: event.targetType,
    targetId: String(event.targetId),
    schoolId: event.schoolId,
    details: event.details ?? {},
  });
}
