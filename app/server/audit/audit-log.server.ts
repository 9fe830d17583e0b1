/**
 * The audit log for admins (docs/product.md#audit-log): filterable by actor, action and date,
 * in the admin's scope (a school admin sees their school's events, a platform
 * admin all). Also where reads of identified responses by admins are recorded.
 */
import { and, asc, count, desc, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { isoDateParam } from "~/lib/schemas/dates";
import { recordIdSchema } from "~/lib/schemas/ids";
import { pageNumberSchema } from "~/lib/schemas/paging";
import { singleLineText } from "~/lib/schemas/text";
import { isPlatformAdmin } from "../auth/current-user.server";
import type { Actor } from "../classes/class-scope.server";
import type { Db, Tx } from "../db/client.server";
import { auditEvents, schools, users } from "../db/schema.server";
import { assertAdmin } from "../users/scope.server";
import { recordAuditEvent } from "./audit.server";

export const AUDIT_PAGE_SIZE = 50;
const DAY_MS = 86_400_000;
/** The audit log's query string: out of range or unknown values are refused (parseSearchParams, at the edge). */
export const auditFiltersSchema = z.object({
  actorId: recordIdSchema("actorId").optional(),
  action: singleLineText().min(1).max(100, "action must be at most 100 characters").optional(),
  from: isoDateParam("from").optional(),
  to: isoDateParam("to").optional(),
  page: pageNumberSchema(1_000_000).optional(),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

const scope = (actor: Actor) => (isPlatformAdmin(actor) ? undefined : eq(auditEvents.schoolId, actor.schoolId ?? -1));

/**
 * The audit events an admin may read (all for a platform admin, their school's for a school admin), with the
 * actor's and the school's names, newest first: the audit log pages through them with its filters, the admin
 * home shows the newest few.
 */
export function selectAuditEventsInScope(db: Db, actor: Actor, filter?: SQL) {
  return db
    .select({
      id: auditEvents.id,
      createdAt: auditEvents.createdAt,
      action: auditEvents.action,
      targetType: auditEvents.targetType,
      targetId: auditEvents.targetId,
      actorUserId: auditEvents.actorUserId,
      actorName: users.name,
      byStudent: sql<boolean>`${auditEvents.actorStudentId} is not null`,
      schoolName: schools.name,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .leftJoin(schools, eq(schools.id, auditEvents.schoolId))
    .where(and(scope(actor), filter))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
}

export async function listAuditLog(db: Db, actor: Actor, filters: AuditFilters) {
  assertAdmin(actor);
  const filtered = and(
    filters.actorId ? eq(auditEvents.actorUserId, filters.actorId) : undefined,
    filters.action ? eq(auditEvents.action, filters.action) : undefined,
    filters.from ? gte(auditEvents.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(auditEvents.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)) : undefined,
  );
  const where = and(scope(actor), filtered);
  const [[{ total }], actions, actors] = await Promise.all([
    db.select({ total: count() }).from(auditEvents).where(where),
    db
      .selectDistinct({ action: auditEvents.action })
      .from(auditEvents)
      .where(scope(actor))
      .orderBy(asc(auditEvents.action)),
    db
      .selectDistinct({ id: users.id, name: users.name })
      .from(auditEvents)
      .innerJoin(users, eq(users.id, auditEvents.actorUserId))
      .where(and(scope(actor), isNotNull(auditEvents.actorUserId)))
      .orderBy(asc(users.name)),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(filters.page ?? 1, pageCount);
  const rows = await selectAuditEventsInScope(db, actor, filtered)
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows, total, page, pageCount, actions: actions.map((a) => a.action), actors };
}
export type AuditLogRow = Awaited<ReturnType<typeof listAuditLog>>["rows"][number];

/** Records that an admin read responses with students' names (not anonymous ones). */
export async function recordIdentifiedResponsesRead(
  db: Db | Tx,
  actor: Actor,
  input: {
    targetType: "survey" | "assignment";
    targetId: number;
    schoolId: number | null;
    identifiedCount: number;
    via: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  if (actor.role !== "admin" || input.identifiedCount === 0) return;
  await recordAuditEvent(db, actor, {
    action: "responses.read_identified",
    targetType: input.targetType,
    targetId: input.targetId,
    schoolId: input.schoolId ?? actor.schoolId,
    details: { via: input.via, identifiedResponses: input.identifiedCount, ...input.details },
  });
}
