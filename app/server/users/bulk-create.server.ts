/**
 * Bulk create staff (`staffMembers`): from the rows form, a CSV upload or
 * paste, or POST /api/users/bulk-create. Each row is checked on its own and
 * either created or refused with reasons; all valid rows are created in ONE
 * transaction, then every new member gets an invitation e-mail with a
 * set-password link.
 *
 * A school admin learns about accounts in their own school only (ADR 196):
 * a row whose e-mail already belongs to an account elsewhere (another
 * school, or none) is reported exactly as a new member ("created and
 * invited"), and that account's owner is mailed instead; nothing is created
 * or changed for it. A platform admin sees every school, and is told.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";
import { strictBody } from "~/lib/schemas/strict-body";
import { forbiddenTextMessage, isCleanText } from "~/lib/schemas/text";
import { recordAuditEvent } from "../audit/audit.server";
import { createVerificationToken } from "../auth/accounts.server";
import { isPlatformAdmin } from "../auth/current-user.server";
import type { Actor } from "../classes/class-scope.server";
import { isUniqueViolation } from "../classes/unique-violation.server";
import type { Db } from "../db/client.server";
import { auditEvents, schools, type UserRole, users } from "../db/schema.server";
import { badRequest, conflict, notFound } from "../errors.server";
import { translatorFor } from "../i18n/i18n.server";
import type { Mailer } from "../mail/mailer.server";
import { assertAdmin } from "./scope.server";

/** The invitation e-mails (catalogue keys of the `staff` namespace; ICU arguments). */
export const INVITE_SUBJECT = "You are invited to Orliverse Classroom";
export const INVITE_TEXT =
  "Hello {name},\n\nAn administrator has created an Orliverse Classroom account for you. To choose your password and sign in, open this link:\n{link}\n\nThe link works for 7 days and only once.";
export const ALREADY_HERE_SUBJECT = "Someone tried to add you to Orliverse Classroom";
export const ALREADY_HERE_TEXT =
  "Hello,\n\nAn administrator of {school} tried to add this e-mail address to their staff on Orliverse Classroom. You already have an account, so nothing was changed.\n\nIf you should join that school, ask a platform administrator to move your account. If not, you can ignore this message.";
export const ALREADY_HERE_NO_SCHOOL_TEXT =
  "Hello,\n\nAn administrator of a school tried to add this e-mail address to their staff on Orliverse Classroom. You already have an account, so nothing was changed.\n\nIf you should join that school, ask a platform administrator to move your account. If not, you can ignore this message.";

export const MAX_BULK_ROWS = 1000;

/** One row as typed or uploaded; every field is text until checked. */
export const staffRowInputSchema = strictBody({
  name: z.string().max(500).nullish(),
  email: z.string().max(500).nullish(),
  role: z.string().max(50).nullish(),
  /** A school's name or id; empty means the admin's own school. */
  school: z.union([z.string().max(500), z.number().int()]).nullish(),
});
export type StaffRowInput = z.infer<typeof staffRowInputSchema>;

export const bulkCreateInputSchema = strictBody({
  staffMembers: z
    .array(staffRowInputSchema, { message: "staffMembers must be a list of rows" })
    .min(1, "Add at least one staff member")
    .max(MAX_BULK_ROWS, `At most ${MAX_BULK_ROWS} staff members in one request`),
});

/** A row reported as created and invited (for a school admin, possibly an account elsewhere whose owner was mailed). */
export interface CreatedStaffRow {
  row: number;
  name: string;
  email: string;
  role: UserRole;
  schoolId: number | null;
  schoolName: string | null;
}

export interface RefusedStaffRow {
  row: number;
  name: string;
  email: string;
  reasons: string[];
}

export interface BulkCreateResult {
  /** The audit event that holds this result (the staff screen shows it by id). */
  resultId: number;
  created: CreatedStaffRow[];
  refused: RefusedStaffRow[];
}

const emailSchema = z.email();

/** A school a row names; its `locale` is the invitation e-mails' language (English without one). */
type SchoolRef = Pick<typeof schools.$inferSelect, "id" | "name" | "status" | "locale">;

interface CheckedRow {
  row: number;
  name: string;
  email: string;
  role: UserRole;
  school: SchoolRef | null;
}

function text(value: string | number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value).trim();
}

/**
 * Checks and creates the rows, and mails each new member a set-password
 * link (on the configured public origin, through the app's mailer).
 */
export async function bulkCreateStaff(
  db: Db,
  actor: Actor,
  rows: StaffRowInput[],
  options: { mailer: Mailer },
): Promise<BulkCreateResult> {
  assertAdmin(actor);
  if (rows.length === 0) throw badRequest("Add at least one staff member.");
  if (rows.length > MAX_BULK_ROWS) throw badRequest(`At most ${MAX_BULK_ROWS} staff members in one request.`);

  const schoolRows: SchoolRef[] = await db
    .select({ id: schools.id, name: schools.name, status: schools.status, locale: schools.locale })
    .from(schools)
    .where(isPlatformAdmin(actor) ? undefined : eq(schools.id, actor.schoolId ?? -1));
  const ownSchool =
    actor.schoolId === null ? null : (schoolRows.find((school) => school.id === actor.schoolId) ?? null);
  const byName = new Map(schoolRows.map((school) => [school.name.trim().toLowerCase(), school]));
  const byId = new Map(schoolRows.map((school) => [String(school.id), school]));

  const emails = [...new Set(rows.map((row) => text(row.email).toLowerCase()).filter(Boolean))];
  /** Taken e-mail → the school of its account. */
  const taken = new Map<string, number | null>();
  for (let start = 0; start < emails.length; start += 500) {
    const chunk = emails.slice(start, start + 500);
    const found = await db
      .select({ email: sql<string>`lower(${users.email})`, schoolId: users.schoolId })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, chunk));
    for (const row of found) taken.set(row.email, row.schoolId);
  }
  /** Whether the admin may be told that this e-mail has an account: a platform admin always; a school admin for their own school only. */
  const mayKnow = (email: string) => isPlatformAdmin(actor) || taken.get(email) === actor.schoolId;

  const firstRowOfEmail = new Map<string, number>();
  const valid: CheckedRow[] = [];
  /** Rows whose e-mail has an account the admin may not know of: reported as created, the owner mailed. */
  const elsewhere: CheckedRow[] = [];
  const refused: RefusedStaffRow[] = [];
  rows.forEach((input, index) => {
    const row = index + 1;
    const name = text(input.name);
    const email = text(input.email).toLowerCase();
    const roleText = text(input.role).toLowerCase();
    const schoolText = text(input.school);
    const reasons: string[] = [];

    if (!name) reasons.push("Name is missing");
    else if (name.length > 120) reasons.push("Name is longer than 120 characters");
    else if (!isCleanText(name, "single-line")) reasons.push(`Name: ${forbiddenTextMessage(name, "single-line")}`);

    if (!email) reasons.push("E-mail is missing");
    else if (email.length > 254 || !emailSchema.safeParse(email).success)
      reasons.push(`"${text(input.email)}" is not a valid e-mail address`);
    else if (firstRowOfEmail.has(email))
      reasons.push(`Duplicate e-mail: ${email} is already on row ${firstRowOfEmail.get(email)}`);
    else if (taken.has(email) && mayKnow(email)) reasons.push(`An account with ${email} already exists`);
    if (email && !firstRowOfEmail.has(email)) firstRowOfEmail.set(email, row);

    let role: UserRole = "teacher";
    if (roleText === "admin" || roleText === "teacher") role = roleText;
    else if (roleText) reasons.push(`Unknown role "${text(input.role)}": use teacher or admin`);

    let school: SchoolRef | null = null;
    if (!isPlatformAdmin(actor)) {
      if (!schoolText) school = ownSchool;
      else {
        const match = byId.get(schoolText) ?? byName.get(schoolText.toLowerCase());
        if (match) school = match;
        else
          reasons.push(
            `School "${schoolText}" is outside your school: you can only add staff to ${ownSchool?.name ?? "your school"}`,
          );
      }
    } else if (schoolText) {
      const match = byId.get(schoolText) ?? byName.get(schoolText.toLowerCase());
      if (!match) reasons.push(`Unknown school "${schoolText}"`);
      else school = match;
    } else if (role === "teacher") {
      reasons.push("School is missing: a teacher belongs to a school");
    }
    if (school?.status === "archived") reasons.push(`School "${school.name}" is archived`);

    if (reasons.length > 0) refused.push({ row, name, email: text(input.email), reasons });
    else if (taken.has(email)) elsewhere.push({ row, name, email, role, school });
    else valid.push({ row, name, email, role, school });
  });

  let created: (CreatedStaffRow & { id: number })[] = [];
  const invites: { email: string; name: string; token: string; locale: string | null }[] = [];
  let resultId: number;
  try {
    resultId = await db.transaction(async (tx) => {
      for (let start = 0; start < valid.length; start += 250) {
        const chunk = valid.slice(start, start + 250);
        const inserted = await tx
          .insert(users)
          .values(
            chunk.map((row) => ({
              name: row.name,
              email: row.email,
              role: row.role,
              schoolId: row.school?.id ?? null,
            })),
          )
          .returning({ id: users.id, email: users.email });
        const idByEmail = new Map(inserted.map((user) => [user.email, user.id]));
        created = created.concat(
          chunk.map((row) => ({
            row: row.row,
            id: idByEmail.get(row.email)!,
            name: row.name,
            email: row.email,
            role: row.role,
            schoolId: row.school?.id ?? null,
            schoolName: row.school?.name ?? null,
          })),
        );
      }
      if (created.length > 0) {
        await tx.insert(auditEvents).values(
          created.map((user) => ({
            actorUserId: actor.id,
            action: "user.create",
            targetType: "user",
            targetId: String(user.id),
            schoolId: user.schoolId,
            details: { name: user.name, email: user.email, role: user.role },
          })),
        );
      }
      for (const user of created) {
        invites.push({
          email: user.email,
          name: user.name,
          token: await createVerificationToken(tx as unknown as Db, user.id, "invite"),
          locale: user.schoolId === null ? null : (byId.get(String(user.schoolId))?.locale ?? null),
        });
      }
      const reported = reportedRows(created, elsewhere);
      return recordAuditEvent(tx, actor, {
        action: "user.bulk_create",
        targetType: "user",
        targetId: null,
        schoolId: actor.schoolId,
        // `created` is the admin's report; `ownersMailed` (rows whose account is elsewhere) stays in the log only.
        details: {
          createdCount: reported.length,
          refusedCount: refused.length,
          created: reported,
          refused,
          ownersMailed: elsewhere.map((row) => row.row),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(
        "Another admin added one of these e-mail addresses just now. Nothing was created; please try again.",
      );
    throw error;
  }

  // In the school's language (issue #28, ADR 219): the invited person has not chosen one yet.
  for (const invite of invites) {
    const t = translatorFor(invite.locale ?? DEFAULT_LANGUAGE, "staff");
    const link = options.mailer.link(`/reset-password?token=${encodeURIComponent(invite.token)}`);
    await options.mailer.send(db, {
      to: invite.email,
      subject: t(INVITE_SUBJECT),
      text: `${t(INVITE_TEXT, { name: invite.name, link })}\n`,
    });
  }
  for (const row of elsewhere) {
    const t = translatorFor(row.school?.locale ?? DEFAULT_LANGUAGE, "staff");
    await options.mailer.send(db, {
      to: row.email,
      subject: t(ALREADY_HERE_SUBJECT),
      text: `${row.school ? t(ALREADY_HERE_TEXT, { school: row.school.name }) : t(ALREADY_HERE_NO_SCHOOL_TEXT)}\n`,
    });
  }
  return { resultId, created: reportedRows(created, elsewhere), refused };
}

/** What the admin is told was created and invited, in row order: the new members and the rows whose owner was mailed alike. */
function reportedRows(created: CreatedStaffRow[], elsewhere: CheckedRow[]): CreatedStaffRow[] {
  const rows: CreatedStaffRow[] = [
    ...created.map(({ row, name, email, role, schoolId, schoolName }) => ({
      row,
      name,
      email,
      role,
      schoolId,
      schoolName,
    })),
    ...elsewhere.map((row) => ({
      row: row.row,
      name: row.name,
      email: row.email,
      role: row.role,
      schoolId: row.school?.id ?? null,
      schoolName: row.school?.name ?? null,
    })),
  ];
  return rows.sort((a, b) => a.row - b.row);
}

/** A bulk-create result, for the admin who ran it; anyone else: NOT_FOUND. */
export async function getBulkCreateResult(db: Db, actor: Actor, resultId: number): Promise<BulkCreateResult> {
  assertAdmin(actor);
  const [event] = await db
    .select({ id: auditEvents.id, details: auditEvents.details })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.id, resultId),
        eq(auditEvents.action, "user.bulk_create"),
        eq(auditEvents.actorUserId, actor.id),
      ),
    )
    .limit(1);
  if (!event) throw notFound("That import result was not found.");
  const details = event.details as { created?: CreatedStaffRow[]; refused?: RefusedStaffRow[] };
  return { resultId: event.id, created: details.created ?? [], refused: details.refused ?? [] };
}
