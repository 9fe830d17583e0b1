/**
 * Language choices for staff screens and student pages (issue #28, ADR 218):
 * a staff member's own choice (users.locale, the profile menu), a school's
 * default (schools.locale, the school form) and a class's language
 * (classes.locale, the class's students page). Each takes a language code
 * from the product's list, or null to fall back (own choice → school default
 * → the browser's Accept-Language; class → school default). Each is checked
 * here, written in one transaction with its audit event, and a value outside
 * the list is a VALIDATION error (never a half-written record).
 */
import { eq } from "drizzle-orm";
import { isLanguage } from "~/lib/i18n/languages";
import { type AuditEventInput, recordAuditEvent } from "../audit/audit.server";
import type { Actor } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import type { Db, Tx } from "../db/client.server";
import { classes, schools, users } from "../db/schema.server";
import { notFound, validationError } from "../errors.server";
import { assertAdmin, schoolInScope } from "./scope.server";

/** The message of a language outside the list (an English key, translated at the edge). */
export const UNKNOWN_LANGUAGE = "Choose a language from the list.";

/** A posted language choice: a code from the list, or null for "the default" (an empty value). */
export function languageChoice(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (!isLanguage(value)) throw validationError(UNKNOWN_LANGUAGE, { locale: [UNKNOWN_LANGUAGE] });
  return value;
}

/**
 * Writes a language that changed (`update`) and records the change in the
 * audit log with its `from` and `to`; nothing when it is the same.
 */
async function changeLanguage(
  tx: Tx,
  actor: Actor,
  change: { from: string | null; to: string | null },
  update: () => Promise<unknown>,
  event: Omit<AuditEventInput, "details">,
): Promise<string | null> {
  if (change.from === change.to) return change.to;
  await update();
  await recordAuditEvent(tx, actor, { ...event, details: change });
  return change.to;
}

/** The acting staff member's own language for staff screens; null: the school's default, then the browser's. */
export async function setOwnLanguage(db: Db, actor: Actor, locale: string | null): Promise<string | null> {
  const value = languageChoice(locale);
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, actor.id)).for("update");
    if (!before) throw notFound();
    return changeLanguage(
      tx,
      actor,
      { from: before.locale, to: value },
      () => tx.update(users).set({ locale: value, updatedAt: new Date() }).where(eq(users.id, actor.id)),
      { action: "user.language", targetType: "user", targetId: actor.id, schoolId: actor.schoolId },
    );
  });
}

/** A school's default language for its staff (any admin with the school in scope; another school is NOT_FOUND). */
export async function setSchoolLanguage(
  db: Db,
  actor: Actor,
  schoolId: number,
  locale: string | null,
): Promise<string | null> {
  assertAdmin(actor);
  if (!schoolInScope(actor, schoolId)) throw notFound("School not found");
  const value = languageChoice(locale);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ locale: schools.locale })
      .from(schools)
      .where(eq(schools.id, schoolId))
      .for("update");
    if (!before) throw notFound("School not found");
    return changeLanguage(
      tx,
      actor,
      { from: before.locale, to: value },
      () => tx.update(schools).set({ locale: value, updatedAt: new Date() }).where(eq(schools.id, schoolId)),
      { action: "school.language", targetType: "school", targetId: schoolId, schoolId },
    );
  });
}

/** A class's language for its student pages (the class's teachers and the admins in scope; else NOT_FOUND). */
export async function setClassLanguage(
  db: Db,
  actor: Actor,
  input: { classId: number; locale: string | null },
): Promise<string | null> {
  const value = languageChoice(input.locale);
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, input.classId);
    const [before] = await tx
      .select({ locale: classes.locale })
      .from(classes)
      .where(eq(classes.id, klass.id))
      .for("update");
    return changeLanguage(
      tx,
      actor,
      { from: before.locale, to: value },
      () => tx.update(classes).set({ locale: value, updatedAt: new Date() }).where(eq(classes.id, klass.id)),
      { action: "class.language", targetType: "class", targetId: klass.id, schoolId: klass.schoolId },
    );
  });
}
