/**
 * Schools: the list with counts, one school's detail (staff and classes),
 * create, rename, archive and restore. A platform admin sees and manages
 * every school; a school admin sees only their own school, may rename it,
 * but may not create or archive schools. Another school is NOT_FOUND.
 */
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type SchoolPrivacyInput, schoolPrivacySchema } from "~/lib/privacy";
import {
  REQUIRE_NEEDS_PROVIDER,
  type SchoolSignInInput,
  schoolNameSchema,
  schoolSignInSchema,
} from "~/lib/schemas/admin";
import { recordAuditEvent } from "../audit/audit.server";
import { isPlatformAdmin } from "../auth/current-user.server";
import { schoolProviders } from "../auth/provider-sign-in.server";
import type { Actor } from "../classes/class-scope.server";
import { classTeacherNamesJson } from "../classes/class-teachers.server";
import { classesColumn } from "../classes/classes.server";
import { type ClosedToStudents, closeClassesToStudents } from "../classes/close-to-students.server";
import { isUniqueViolation } from "../classes/unique-violation.server";
import type { OidcProviderConfig } from "../config.server";
import type { Db, Tx } from "../db/client.server";
import {
  classes,
  classStudents,
  type RecordStatus,
  schools,
  sessions,
  students,
  type UserRole,
  users,
} from "../db/schema.server";
import { conflict, forbidden, notFound, validationError } from "../errors.server";
import { withSaying } from "../i18n/refusal-text.server";
import { assertAdmin } from "../users/scope.server";

export { schoolNameSchema };

/** A school as the admin list shows it: its columns (`locale`: the staff's default language; null, each reader's browser decides) and counts. */
export interface SchoolSummary
  extends Pick<
    typeof schools.$inferSelect,
    "id" | "name" | "status" | "createdAt" | "retentionMonths" | "minGroupSize" | "locale" | "timeZone"
  > {
  staffCount: number;
  classCount: number;
  studentCount: number;
}

function schoolScopeCondition(actor: Actor): SQL | undefined {
  if (isPlatformAdmin(actor)) return undefined;
  if (actor.role === "admin" && actor.schoolId !== null) return eq(schools.id, actor.schoolId);
  return sql`false`;
}

const summaryColumns = {
  id: schools.id,
  name: schools.name,
  status: schools.status,
  createdAt: schools.createdAt,
  retentionMonths: schools.retentionMonths,
  minGroupSize: schools.minGroupSize,
  locale: schools.locale,
  timeZone: schools.timeZone,
  // Outer columns are written qualified: drizzle leaves them bare in a single-table select.
  staffCount: sql<number>`(select count(*)::int from ${users} u where u.school_id = "schools"."id")`,
  classCount: sql<number>`(select count(*)::int from ${classes} c where c.school_id = "schools"."id")`,
  studentCount: sql<number>`(select count(*)::int from ${students} s where s.school_id = "schools"."id")`,
};

/** The schools in scope with their counts, by name. */
export async function listSchools(db: Db, actor: Actor): Promise<SchoolSummary[]> {
  assertAdmin(actor);
  return db
    .select(summaryColumns)
    .from(schools)
    .where(schoolScopeCondition(actor))
    .orderBy(asc(sql`lower(${schools.name})`));
}

/** Schools the admin may put staff or classes in: active ones in scope. */
export async function listSchoolChoices(db: Db, actor: Actor): Promise<{ id: number; name: string }[]> {
  assertAdmin(actor);
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(schoolScopeCondition(actor), eq(schools.status, "active")))
    .orderBy(asc(sql`lower(${schools.name})`));
}

async function findSchool(db: Db | Tx, actor: Actor, schoolId: number) {
  const [school] = await db
    .select({ id: schools.id, name: schools.name, status: schools.status })
    .from(schools)
    .where(and(eq(schools.id, schoolId), schoolScopeCondition(actor)))
    .limit(1);
  if (!school) throw notFound("School not found");
  return school;
}

/** How the school's staff sign in (ADR 211). */
export interface SchoolSignIn {
  googleDomain: string | null;
  microsoftTenantId: string | null;
  requireProviderSignIn: boolean;
}

export interface SchoolDetail {
  school: SchoolSummary;
  signIn: SchoolSignIn;
  staff: { id: number; name: string; email: string; role: UserRole; status: RecordStatus }[];
  classes: { id: number; name: string; status: RecordStatus; studentCount: number; teachers: string[] }[];
}

export async function getSchoolDetail(db: Db, actor: Actor, schoolId: number): Promise<SchoolDetail> {
  assertAdmin(actor);
  const [school] = await db
    .select(summaryColumns)
    .from(schools)
    .where(and(eq(schools.id, schoolId), schoolScopeCondition(actor)))
    .limit(1);
  if (!school) throw notFound("School not found");
  const [staff, classRows, [signIn]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role, status: users.status })
      .from(users)
      .where(eq(users.schoolId, schoolId))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id)),
    db
      .select({
        id: classes.id,
        name: classes.name,
        status: classes.status,
        studentCount: sql<number>`(select count(*)::int from ${classStudents} cs where cs.class_id = "classes"."id")`,
        teachers: classTeacherNamesJson(classesColumn.id),
      })
      .from(classes)
      .where(eq(classes.schoolId, schoolId))
      .orderBy(asc(classes.name), asc(classes.id)),
    db.select(signInColumns).from(schools).where(eq(schools.id, schoolId)),
  ]);
  return { school, signIn, staff, classes: classRows };
}

const signInColumns = {
  googleDomain: schools.googleDomain,
  microsoftTenantId: schools.microsoftTenantId,
  requireProviderSignIn: schools.requireProviderSignIn,
};

/**
 * The school's Google domain, Microsoft tenant id and "require sign-in
 * through the school's provider" (ADR 211): a platform admin, or the school's
 * own admin. Audited with before and after. A domain or tenant another school
 * has is a conflict (a first sign-in must find one school).
 */
export async function updateSchoolSignIn(
  db: Db,
  actor: Actor,
  schoolId: number,
  input: SchoolSignInInput,
  providers: readonly OidcProviderConfig[] = [],
): Promise<SchoolSignIn> {
  assertAdmin(actor);
  const parsed = schoolSignInSchema.safeParse({
    googleDomain: input.googleDomain ?? "",
    microsoftTenantId: input.microsoftTenantId ?? "",
    requireProviderSignIn: String(input.requireProviderSignIn),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw validationError(issue.message, { [String(issue.path[0])]: [issue.message] });
  }
  const value = parsed.data;
  const generic = providers.some((p) => p.id === "oidc");
  if (value.requireProviderSignIn && value.googleDomain === null && value.microsoftTenantId === null && !generic) {
    throw validationError(REQUIRE_NEEDS_PROVIDER, { requireProviderSignIn: [REQUIRE_NEEDS_PROVIDER] });
  }
  // Once required, the passwords' sessions of the school's staff end (issue 35.5): they would
  // otherwise last their full time. Only where a provider of the school is configured here: else
  // the password stays the way in (ADR 211). Sessions begun through a provider stay.
  const endPasswordSessions =
    value.requireProviderSignIn && schoolProviders(value, providers).length > 0
      ? async (tx: Tx) => {
          await tx
            .delete(sessions)
            .where(
              and(
                eq(sessions.method, "password"),
                inArray(sessions.userId, tx.select({ id: users.id }).from(users).where(eq(users.schoolId, schoolId))),
              ),
            );
        }
      : undefined;
  try {
    return await updateSchoolSettings(
      db,
      actor,
      schoolId,
      signInColumns,
      value,
      "school.sign_in_settings",
      endPasswordSessions,
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw conflict("Another school already uses this Google domain or Microsoft tenant id.");
  }
}

function mapNameConflict(error: unknown, name: string): never {
  if (isUniqueViolation(error)) {
    throw withSaying(conflict(""), (t) => t('A school called "{name}" already exists.', { name }));
  }
  throw error;
}

/** Platform admins only. */
export async function createSchool(
  db: Db,
  actor: Actor,
  input: { name: string },
): Promise<{ id: number; name: string }> {
  assertAdmin(actor);
  if (!isPlatformAdmin(actor)) throw forbidden("Only a platform admin can create schools.");
  const name = schoolNameSchema.parse(input.name);
  try {
    return await db.transaction(async (tx) => {
      const [school] = await tx.insert(schools).values({ name }).returning({ id: schools.id, name: schools.name });
      await recordAuditEvent(tx, actor, {
        action: "school.create",
        targetType: "school",
        targetId: school.id,
        schoolId: school.id,
        details: { name },
      });
      return school;
    });
  } catch (error) {
    return mapNameConflict(error, name);
  }
}

/** A platform admin, or the school's own admin. */
export async function renameSchool(
  db: Db,
  actor: Actor,
  schoolId: number,
  input: { name: string },
): Promise<{ id: number; name: string }> {
  assertAdmin(actor);
  const name = schoolNameSchema.parse(input.name);
  try {
    return await db.transaction(async (tx) => {
      const current = await findSchool(tx, actor, schoolId);
      if (current.name === name) return current;
      await tx.update(schools).set({ name, updatedAt: new Date() }).where(eq(schools.id, schoolId));
      await recordAuditEvent(tx, actor, {
        action: "school.rename",
        targetType: "school",
        targetId: schoolId,
        schoolId,
        details: { from: { name: current.name }, to: { name } },
      });
      return { id: schoolId, name };
    });
  } catch (error) {
    return mapNameConflict(error, name);
  }
}

/**
 * Writes some of a school's settings in one transaction, audited with the
 * values before and after: the school must be in the admin's scope.
 */
async function updateSchoolSettings<T extends Record<string, unknown>>(
  db: Db,
  actor: Actor,
  schoolId: number,
  columns: Record<keyof T & string, PgColumn>,
  value: T,
  action: string,
  alsoDo?: (tx: Tx) => Promise<void>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await findSchool(tx, actor, schoolId);
    const [before] = await tx.select(columns).from(schools).where(eq(schools.id, schoolId)).for("update");
    await tx
      .update(schools)
      .set({ ...value, updatedAt: new Date() })
      .where(eq(schools.id, schoolId));
    await alsoDo?.(tx);
    await recordAuditEvent(tx, actor, {
      action,
      targetType: "school",
      targetId: schoolId,
      schoolId,
      details: { from: before, to: value },
    });
    return value;
  });
}

/** Retention period and small-group threshold (docs/product.md#schools): any admin with the school in scope. */
export async function updateSchoolPrivacy(
  db: Db,
  actor: Actor,
  schoolId: number,
  input: SchoolPrivacyInput,
): Promise<SchoolPrivacyInput> {
  assertAdmin(actor);
  const value = schoolPrivacySchema.parse(input);
  const columns = { retentionMonths: schools.retentionMonths, minGroupSize: schools.minGroupSize };
  return updateSchoolSettings(db, actor, schoolId, columns, value, "school.privacy_settings");
}

/**
 * Platform admins only. Archiving signs every user of the school out; when
 * they sign in again they land on /blocked (requireUser checks the school's
 * status on every request), and its classes close to students for good:
 * student tokens revoked, class codes stopped, waiting join requests refused
 * (ADR 191). Restoring brings none of it back.
 */
export async function setSchoolStatus(
  db: Db,
  actor: Actor,
  schoolId: number,
  status: RecordStatus,
): Promise<{ id: number; name: string; status: RecordStatus }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const current = await findSchool(tx, actor, schoolId);
    if (!isPlatformAdmin(actor)) throw forbidden("Only a platform admin can archive or restore a school.");
    if (current.status === status) return current;
    const now = new Date();
    await tx.update(schools).set({ status, updatedAt: now }).where(eq(schools.id, schoolId));
    // Archiving ends the sessions of everyone in the school and of its students; restoring brings none back.
    let closed: ClosedToStudents | null = null;
    if (status === "archived") {
      await tx
        .delete(sessions)
        .where(inArray(sessions.userId, tx.select({ id: users.id }).from(users).where(eq(users.schoolId, schoolId))));
      closed = await closeClassesToStudents(tx, { schoolId }, actor.id, now);
    }
    await recordAuditEvent(tx, actor, {
      action: status === "archived" ? "school.archive" : "school.restore",
      targetType: "school",
      targetId: schoolId,
      schoolId,
      details: { name: current.name, ...closed },
    });
    return { ...current, status };
  });
}
