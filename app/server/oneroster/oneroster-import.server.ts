/**
 * A school admin imports the school from a OneRoster 1.2 CSV zip (issue
 * 39.2): preview (read, check, plan; nothing saved) and confirm (the same
 * upload planned again in one transaction, applied only when the plan is
 * the one previewed: its fingerprint covers the zip's hash and every change).
 *
 * Classes, teachers and students are created or updated by their sourcedId;
 * teachers are staff of the school with role teacher and no password, who
 * sign in with the school's account (Google or Microsoft, ADR 210) or set a
 * password through "Forgot password". A student who leaves a class loses the
 * membership only: the student and their answers stay, under the school's
 * retention rules. Nothing of the file reaches a log: failures are reported
 * by kind, the audit event has counts only.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { recordAuditEvent } from "../audit/audit.server";
import type { Actor } from "../classes/class-scope.server";
import type { Db, Tx } from "../db/client.server";
import { classes, classStudents, classTeachers, schools, students, users } from "../db/schema.server";
import { badRequest, conflict, DomainError, isDomainError, notFound } from "../errors.server";
import { assertAdmin, schoolInScope } from "../users/scope.server";
import { readRosterFiles, unpackRosterZip } from "./oneroster-files.server";
import { type OneRosterPlan, planOneRosterImport } from "./oneroster-plan.server";
import { checkRosterRows } from "./oneroster-rows.server";

/** The school, when the actor may import into it and it is active; another school's is 404. */
export async function getImportSchool(db: Db | Tx, actor: Actor, schoolId: number) {
  assertAdmin(actor);
  if (!schoolInScope(actor, schoolId)) throw notFound();
  const [school] = await db
    .select({ id: schools.id, name: schools.name, status: schools.status })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!school) throw notFound();
  if (school.status !== "active") throw badRequest("This school is archived. Restore it before importing.");
  return school;
}

/**
 * Imports an instance reads at once (issue #35): each holds its zip unpacked (up to 16 MB) and its
 * rows while it plans, and any public sign-up makes a school admin, so without it one address's
 * requests in flight (48) could hold most of a gigabyte. Past it the answer is 503 at once.
 */
export const ONEROSTER_IMPORTS_AT_ONCE = 2;

export const IMPORTS_BUSY_MESSAGE = "Other imports are being read right now. Please try again in a minute.";

let importsRunning = 0;

/** Runs an import's work in one of the instance's places, taken before anything is read and given back after. */
async function inImportPlace<T>(work: () => Promise<T>): Promise<T> {
  if (importsRunning >= ONEROSTER_IMPORTS_AT_ONCE) {
    throw new DomainError("SERVICE_UNAVAILABLE", IMPORTS_BUSY_MESSAGE, undefined, {
      "Retry-After": "30",
      "Cache-Control": "no-store",
    });
  }
  importsRunning++;
  try {
    return await work();
  } finally {
    importsRunning--;
  }
}

/** The preview: the zip read, checked and planned against the school (404 outside the actor's scope). */
export function previewOneRosterImport(
  db: Db | Tx,
  actor: Actor,
  schoolId: number,
  zip: Uint8Array,
): Promise<OneRosterPlan> {
  return inImportPlace(() => planZip(db, actor, schoolId, zip));
}

async function planZip(db: Db | Tx, actor: Actor, schoolId: number, zip: Uint8Array): Promise<OneRosterPlan> {
  await getImportSchool(db, actor, schoolId);
  const files = readRosterFiles(unpackRosterZip(zip));
  const source = checkRosterRows(files);
  const zipHash = createHash("sha256").update(zip).digest("base64url");
  return planOneRosterImport(db, schoolId, source, { fatal: files.fatal, ignoredFiles: files.ignored, zipHash });
}

export interface OneRosterImportResult {
  classes: number;
  teachers: number;
  students: number;
  enrolled: number;
  ended: number;
  problems: number;
}

/** The confirm: refused (409) when the plan is not the previewed one, (400) when the file cannot be imported. */
export async function applyOneRosterImport(
  db: Db,
  actor: Actor,
  schoolId: number,
  input: { zip: Uint8Array; fingerprint: string },
): Promise<OneRosterImportResult> {
  try {
    const run = () =>
      db.transaction(async (tx) => {
        await getImportSchool(tx, actor, schoolId);
        const plan = await planZip(tx, actor, schoolId, input.zip);
        if (plan.blocked) throw badRequest("The file cannot be imported. Correct the problems and upload it again.");
        if (plan.fingerprint !== input.fingerprint) {
          throw conflict("The school's records changed since the preview. Check the preview again.");
        }
        const result = await applyPlan(tx, schoolId, plan);
        await recordAuditEvent(tx, actor, {
          action: "roster.import",
          targetType: "school",
          targetId: schoolId,
          schoolId,
          details: {
            format: "oneroster-1.2",
            created: {
              classes: plan.classes.create.length,
              teachers: plan.teachers.create.length,
              students: plan.students.create.length,
            },
            updated: {
              classes: plan.classes.rename.length,
              teachers: plan.teachers.update.length,
              students: plan.students.rename.length,
            },
            notInFile: {
              classes: plan.classes.missing.length,
              teachers: plan.teachers.missing.length,
              students: plan.students.missing.length,
            },
            enrolled: result.enrolled,
            ended: result.ended,
            problems: result.problems,
            otherUsers: plan.otherUsers,
          },
        });
        return result;
      });
    return await inImportPlace(run);
  } catch (error) {
    if (isDomainError(error)) throw error;
    // A failed query's message carries its parameters (names, e-mail addresses): only its kind goes on to the log.
    const code =
      (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
    throw new Error(`The OneRoster import failed (${code ?? (error as Error).name ?? "unknown"}).`);
  }
}

const CHUNK = 500;
async function chunked<T>(rows: readonly T[], run: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) await run(rows.slice(start, start + CHUNK));
}

async function applyPlan(tx: Tx, schoolId: number, plan: OneRosterPlan): Promise<OneRosterImportResult> {
  const now = new Date();
  await chunked(plan.classes.create, (chunk) =>
    tx.insert(classes).values(chunk.map(({ sourcedId, name }) => ({ schoolId, sourcedId, name }))),
  );
  for (const { id, name } of plan.classes.rename) {
    await tx.update(classes).set({ name, updatedAt: now }).where(eq(classes.id, id));
  }
  // An e-mail with an account anywhere (another school's) is left alone: nothing created (ADR 196).
  await chunked(plan.teachers.create, (chunk) =>
    tx
      .insert(users)
      .values(
        chunk.map(({ sourcedId, name, email }) => ({ schoolId, sourcedId, name, email, role: "teacher" as const })),
      )
      .onConflictDoNothing(),
  );
  for (const { id, sourcedId, name } of plan.teachers.update) {
    await tx.update(users).set({ sourcedId, name, updatedAt: now }).where(eq(users.id, id));
  }
  await chunked(plan.students.create, (chunk) =>
    tx.insert(students).values(chunk.map((student) => ({ schoolId, ...student }))),
  );
  for (const { id, firstName, lastName } of plan.students.rename) {
    await tx.update(students).set({ firstName, lastName, updatedAt: now }).where(eq(students.id, id));
  }

  const idsOf = async (table: typeof classes | typeof students | typeof users) => {
    const rows = await tx
      .select({ id: table.id, sourcedId: table.sourcedId })
      .from(table)
      .where(and(eq(table.schoolId, schoolId), isNotNull(table.sourcedId)));
    return new Map(rows.map((row) => [row.sourcedId, row.id]));
  };
  const classIds = await idsOf(classes);
  const studentIds = await idsOf(students);
  const teacherIds = await idsOf(users);
  const studentRows = plan.enrolments.add.flatMap((e) => {
    const classId = classIds.get(e.classSourcedId);
    const studentId = studentIds.get(e.userSourcedId);
    return e.role === "student" && classId && studentId ? [{ classId, studentId }] : [];
  });
  await chunked(studentRows, (chunk) => tx.insert(classStudents).values(chunk).onConflictDoNothing());
  const teacherRows = plan.enrolments.add.flatMap((e) => {
    const classId = classIds.get(e.classSourcedId);
    const userId = teacherIds.get(e.userSourcedId);
    return e.role === "teacher" && classId && userId ? [{ classId, userId }] : [];
  });
  if (teacherRows.length > 0) {
    // The first teacher of a class without an owner owns it; the others teach with them (ADR 111).
    const owned = await tx
      .select({ classId: classTeachers.classId })
      .from(classTeachers)
      .where(
        and(
          inArray(
            classTeachers.classId,
            teacherRows.map((row) => row.classId),
          ),
          eq(classTeachers.role, "owner"),
        ),
      );
    const hasOwner = new Set(owned.map((row) => row.classId));
    for (const row of teacherRows) {
      const role = hasOwner.has(row.classId) ? "co-teacher" : "owner";
      hasOwner.add(row.classId);
      await tx
        .insert(classTeachers)
        .values({ ...row, role })
        .onConflictDoNothing();
    }
  }
  for (const { classId, studentId } of plan.enrolments.end) {
    await tx
      .delete(classStudents)
      .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)));
  }
  return {
    classes: plan.classes.create.length + plan.classes.rename.length,
    teachers: plan.teachers.create.length + plan.teachers.update.length,
    students: plan.students.create.length + plan.students.rename.length,
    enrolled: studentRows.length + teacherRows.length,
    ended: plan.enrolments.end.length,
    problems: new Set(plan.problems.map(({ file, line }) => `${file}:${line}`)).size,
  };
}
