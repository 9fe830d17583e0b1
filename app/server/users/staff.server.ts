/**
 * Staff: listing (with classes, search, filters and pages), one staff member,
 * and the admin's edit (name, role, school, archive and restore). Every
 * function takes the acting admin and keeps to their scope in the query.
 */
import { and, asc, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { MAX_RECORD_ID, recordIdSchema } from "~/lib/schemas/ids";
import { pageNumberSchema } from "~/lib/schemas/paging";
import { strictBody } from "~/lib/schemas/strict-body";
import { singleLineText } from "~/lib/schemas/text";
import { recordAuditEvent } from "../audit/audit.server";
import { type CurrentUser, isPlatformAdmin } from "../auth/current-user.server";
import { releaseTeacherFromClasses } from "../classes/class-owner.server";
import type { Actor } from "../classes/class-scope.server";
import type { Db, Tx } from "../db/client.server";
import { aliased, type JsonRow, jsonList } from "../db/json-rows.server";
import {
  classes,
  classTeachers,
  RECORD_STATUSES,
  type RecordStatus,
  schools,
  sessions,
  users,
} from "../db/schema.server";
import { DomainError, forbidden, notFound, validationError } from "../errors.server";
import { assertAdmin, schoolInScope, staffScopeCondition } from "./scope.server";

export const STAFF_PAGE_SIZE = 25;

const taught = alias(classes, "c");
const teaching = alias(classTeachers, "ct");
const staffClassFields = { id: taught.id, name: taught.name };
/** `users.id`, always qualified: in a select from `users` alone drizzle writes "id", which the subquery would read as its own. */
const usersId = sql`${sql.identifier("users")}.${sql.identifier("id")}`;
export type StaffClass = JsonRow<typeof staffClassFields>;

/** A staff member as the staff screens and the users API show them: the signed-in user's shape with their classes. */
export type StaffMember = CurrentUser & { classes: StaffClass[] };

/** The staff list's query string: out of range or unknown values are refused (parseSearchParams, at the edge). */
export const staffFiltersSchema = z.object({
  q: singleLineText().max(200, "q must be at most 200 characters").optional(),
  schoolId: recordIdSchema("schoolId").optional(),
  role: z.enum(["admin", "teacher"], { message: "role must be admin or teacher" }).optional(),
  status: z.enum(RECORD_STATUSES, { message: "status must be active or archived" }).optional(),
  page: pageNumberSchema(100_000).optional(),
});
export type StaffFilters = z.infer<typeof staffFiltersSchema>;

const staffColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  status: users.status,
  emailVerified: users.emailVerified,
  image: users.image,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  schoolId: users.schoolId,
  schoolName: schools.name,
  schoolStatus: schools.status,
  classes: jsonList(
    staffClassFields,
    sql`from ${aliased(teaching)} join ${aliased(taught)} on ${taught.id} = ${teaching.classId}
        where ${teaching.userId} = ${usersId} and ${taught.status} = 'active'`,
    sql`${taught.name}, ${taught.id}`,
  ),
};

/** A row of the staff queries (staffColumns over users left-joined to schools). */
type StaffRow = Omit<StaffMember, "school"> & { schoolName: string | null; schoolStatus: RecordStatus | null };

function toStaffMember(row: StaffRow): StaffMember {
  const { schoolName, schoolStatus, ...rest } = row;
  return {
    ...rest,
    school:
      row.schoolId !== null && schoolName
        ? { id: row.schoolId, name: schoolName, status: schoolStatus ?? "active" }
        : null,
    classes: row.classes ?? [],
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filterConditions(actor: Actor, filters: StaffFilters & { excludeAdmin?: boolean }): SQL | undefined {
  const conditions: (SQL | undefined)[] = [staffScopeCondition(actor)];
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  if (filters.schoolId) conditions.push(eq(users.schoolId, filters.schoolId));
  if (filters.role) conditions.push(eq(users.role, filters.role));
  if (filters.status) conditions.push(eq(users.status, filters.status));
  if (filters.excludeAdmin) conditions.push(sql`${users.role} <> 'admin'`);
  return and(...conditions);
}

export interface StaffPage {
  staff: StaffMember[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** One page of the staff in the admin's scope, by name. */
export async function listStaff(
  db: Db,
  actor: Actor,
  filters: StaffFilters,
  pageSize = STAFF_PAGE_SIZE,
): Promise<StaffPage> {
  assertAdmin(actor);
  const where = filterConditions(actor, filters);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(filters.page ?? 1, pageCount);
  const rows = await db
    .select(staffColumns)
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(where)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { staff: (rows as StaffRow[]).map(toStaffMember), total, page, pageCount, pageSize };
}

/** Every user in scope (GET /api/users/all), optionally without admins. */
export async function listAllStaff(
  db: Db,
  actor: Actor,
  options: { excludeAdmin?: boolean } = {},
): Promise<StaffMember[]> {
  assertAdmin(actor);
  const rows = await db
    .select(staffColumns)
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(filterConditions(actor, { excludeAdmin: options.excludeAdmin }))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  return (rows as StaffRow[]).map(toStaffMember);
}

/** GET /api/users/with-classes: admins dropped, count after dropping (docs/product.md#json-api). */
export async function listStaffWithClasses(db: Db, actor: Actor): Promise<{ data: StaffMember[]; count: number }> {
  const data = (await listAllStaff(db, actor, { excludeAdmin: true })).filter((member) => member.role !== "admin");
  return { data, count: data.length };
}

/** One staff member in scope, with school and classes; otherwise NOT_FOUND. */
export async function getStaffMember(db: Db | Tx, actor: Actor, userId: number): Promise<StaffMember> {
  assertAdmin(actor);
  const [row] = await db
    .select(staffColumns)
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.id, userId), staffScopeCondition(actor)))
    .limit(1);
  if (!row) throw notFound("Staff member not found");
  return toStaffMember(row as StaffRow);
}

export const staffUpdateSchema = strictBody({
  name: singleLineText("Enter a name").min(1, "Enter a name").max(120, "Name must be at most 120 characters"),
  role: z.enum(["admin", "teacher"], { message: "Role must be admin or teacher" }),
  /** null: no school (platform admins only). */
  schoolId: z.number().int().positive().max(MAX_RECORD_ID).nullable(),
  status: z.enum(RECORD_STATUSES, { message: "Status must be active or archived" }),
}).partial();
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

/**
 * Edits a staff member. Rules: the target is in scope (else 404); nobody
 * archives themselves or changes their own role or school; a school admin
 * keeps staff in their school and cannot make a platform admin; the school
 * must exist and be active; archiving or moving someone leaves no class
 * without a teacher (else 409), and archiving ends their sessions.
 */
export async function updateStaffMember(
  db: Db,
  actor: Actor,
  userId: number,
  patch: StaffUpdate,
): Promise<StaffMember> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const current = await getStaffMember(tx, actor, userId);
    const next = {
      name: patch.name ?? current.name,
      role: patch.role ?? current.role,
      schoolId: patch.schoolId === undefined ? current.schoolId : patch.schoolId,
      status: patch.status ?? current.status,
    };
    if (userId === actor.id) {
      if (next.status === "archived") throw forbidden("You cannot archive your own account.");
      if (next.role !== current.role) throw forbidden("You cannot change your own role.");
      if (next.schoolId !== current.schoolId) throw forbidden("You cannot move your own account to another school.");
    }
    if (next.schoolId !== current.schoolId) {
      if (!schoolInScope(actor, next.schoolId)) {
        throw new DomainError("FORBIDDEN", "You can only keep staff in your own school.", {
          schoolId: ["Choose your own school"],
        });
      }
      if (next.schoolId !== null) {
        const [school] = await tx
          .select({ id: schools.id })
          .from(schools)
          .where(and(eq(schools.id, next.schoolId), eq(schools.status, "active")))
          .limit(1);
        if (!school)
          throw validationError("That school does not exist or is archived.", {
            schoolId: ["Choose an active school"],
          });
      }
    }
    if (next.role === "admin" && next.schoolId === null && !isPlatformAdmin(actor)) {
      throw forbidden("Only a platform admin can create a platform admin.");
    }
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== current[key]);
    if (changed.length === 0) return current;
    // No class is left without a teacher (ADR 112): archiving takes the person off every class they
    // teach, a move off their old school's classes, passing ownership on; either is refused (409,
    // naming the classes) when a class would have nobody left. Screens and the API share this.
    const archiving = next.status === "archived" && current.status !== "archived";
    const leftClasses = archiving
      ? await releaseTeacherFromClasses(tx, current, "archive")
      : next.schoolId !== current.schoolId && current.schoolId !== null
        ? await releaseTeacherFromClasses(tx, current, "move", { schoolId: current.schoolId })
        : [];
    await tx
      .update(users)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(users.id, userId));
    // Archiving ends every session at once: restoring the account later must
    // not bring an old cookie (on a shared school computer, say) back to life.
    if (archiving) await tx.delete(sessions).where(eq(sessions.userId, userId));
    const action =
      next.status !== current.status ? (next.status === "archived" ? "user.archive" : "user.restore") : "user.update";
    await recordAuditEvent(tx, actor, {
      action,
      targetType: "user",
      targetId: userId,
      schoolId: next.schoolId ?? current.schoolId,
      details: {
        name: next.name,
        from: Object.fromEntries(changed.map((key) => [key, current[key]])),
        to: Object.fromEntries(changed.map((key) => [key, next[key]])),
        ...(leftClasses.length > 0 ? { leftClasses } : {}),
      },
    });
    return getStaffMember(tx, actor, userId);
  });
}

/** The JSON form of a staff member for the API: dates as ISO strings. */
export function serializeStaffMember(member: StaffMember) {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    role: member.role,
    status: member.status,
    emailVerified: member.emailVerified,
    image: member.image,
    createdAt: member.createdAt.toISOString(),
    updatedAt: member.updatedAt.toISOString(),
    schoolId: member.schoolId,
    school: member.school,
    classes: member.classes,
  };
}
