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
