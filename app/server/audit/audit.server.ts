/**
 * The audit log: who did what, to what, when. Every write in the class area
 * records one event inside the same transaction as the change itself.
 */
import type { Actor } from "../classes/class-scope.server";
import type { Db, Tx } from "../db/client.server";
import { auditEvents } from "../db/schema.server";

export interface AuditEventInput {
  action: string;
  targetType: string;
  targetId: string | number | null;
  schoolId: number | null;
  details?: Record<string, unknown>;
}

/** Records one event; returns its id. */
export async function recordAuditEvent(tx: Tx | Db, actor: Pick<Actor, "id">, event: AuditEventInput): Promise<number> {
  const [row] = await tx
    .insert(auditEvents)
    .values({
      actorUserId: actor.id,
      action: event.action,
      targetType: event.targetType,
      targetId: event.targetId === null ? null : String(event.targetId),
      schoolId: event.schoolId,
      details: event.details ?? {},
    })
    .returning({ id: auditEvents.id });
  return row.id;
}

/**
 * The event of a change in a class, for `recordClassAuditEvent`: its target is the class itself unless it names a
 * student, an assignment or a series in it.
 */
export interface ClassAuditEventInput {
  action: string;
  target?: { type: "student" | "assignment" | "assignment_series"; id: number };
  details: Record<string, unknown>;
}

/**
 * Records the event of a change in a class: it belongs to the class's school, and when its target is something
 * in the class rather than the class itself, `details.classId` names the class, so the event of a student or an
 * assignment still says in which class it happened.
 */
export function recordClassAuditEvent(
  tx: Tx | Db,
  actor: Pick<Actor, "id">,
  klass: { id: number; schoolId: number },
  { action, target, details }: ClassAuditEventInput,
): Promise<number> {
  return recordAuditEvent(tx, actor, {
    action,
    schoolId: klass.schoolId,
    ...(target
      ? { targetType: target.type, targetId: target.id, details: { classId: klass.id, ...details } }
      : { targetType: "class", targetId: klass.id, details }),
  });
}
