/**
 * Class codes: the code students type in the student app to join a class.
 * A class has at most one live code (stoppedAt is null; the database
 * enforces it). Generating replaces the live code in one transaction;
 * stopping a class with no live code is a no-op with a clear message.
 */
import { randomInt } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { DEFAULT_CLASS_CODE_EXPIRATION_HOURS } from "~/lib/schemas/classroom";
import { recordClassAuditEvent } from "../audit/audit.server";
import type { Actor } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import { isUniqueViolation } from "../classes/unique-violation.server";
import type { Db, Tx } from "../db/client.server";
import { classCodes, classStudents, schools } from "../db/schema.server";
import { conflict, DomainError } from "../errors.server";

/** No I, L, O (letters) and no 0, 1 (digits): nothing to confuse when read aloud or copied. */
export const CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_DIGITS = "23456789";
const MAX_ATTEMPTS = 8;

/**
 * A new code's groups: four letters, four digits, four letters. Three short
 * groups a child copies one at a time from the projector; the space is big
 * enough that guessing from one address stays below 1 in 1,000,000 a day
 * (classCodeGuessChancePerDay, docs/security.md "Guessing a class code",
 * ADR 202). Codes made before (KTRW-4827, SUNNY-4821) keep working.
 */
export const CODE_GROUPS = [CODE_LETTERS, CODE_DIGITS, CODE_LETTERS].map((alphabet) => ({ alphabet, length: 4 }));

/** How many different codes newClassCode can make. */
export function classCodeSpace(): number {
  return CODE_GROUPS.reduce((space, group) => space * group.alphabet.length ** group.length, 1);
}

/** A human-friendly code such as "KTRW-4827-MBQP", from a cryptographic source. */
export function newClassCode(): string {
  return CODE_GROUPS.map(({ alphabet, length }) => {
    let group = "";
    for (let i = 0; i < length; i++) group += alphabet[randomInt(alphabet.length)];
    return group;
  }).join("-");
}

export interface LiveClassCode {
  id: number;
  classId: number;
  code: string;
  expiresAt: Date;
  createdAt: Date;
  /** True once expiresAt has passed: the code is still on record but no longer admits students. */
  expired: boolean;
  joinedCount: number;
}

/** The class's live code, without a scope check (callers have checked the class). */
export async function findLiveClassCode(db: Db | Tx, classId: number, now = new Date()): Promise<LiveClassCode | null> {
  const [row] = await db
    .select({
      id: classCodes.id,
      classId: classCodes.classId,
      code: classCodes.code,
      expiresAt: classCodes.expiresAt,
      createdAt: classCodes.createdAt,
      joinedCount: sql<number>`(select count(*)::int from ${classStudents} where ${classStudents.joinedWithCodeId} = ${classCodes.id})`,
    })
    .from(classCodes)
    .where(and(eq(classCodes.classId, classId), isNull(classCodes.stoppedAt)))
    .limit(1);
  if (!row) return null;
  return { ...row, expired: row.expiresAt.getTime() <= now.getTime() };
}

/** GET /api/classCodes/class/{classId} (docs/product.md#class-codes). */
export async function getClassCode(db: Db, actor: Actor, classId: number): Promise<LiveClassCode | null> {
  await getClass(db, actor, classId);
  return findLiveClassCode(db, classId);
}

/**
 * An archived class, or any class of an archived school, is closed to
 * students: no new class code (joins and student tokens are refused too,
 * in the student API).
 */
async function assertOpenToStudents(tx: Tx, klass: { id: number; status: string; schoolId: number }): Promise<void> {
  if (klass.status !== "active") {
    throw conflict("This class is archived, so it cannot have a class code. Restore the class first.");
  }
  const [school] = await tx
    .select({ status: schools.status })
    .from(schools)
    .where(eq(schools.id, klass.schoolId))
    .limit(1);
  if (school?.status !== "active") {
    throw conflict("This class's school is archived, so its classes cannot have a class code.");
  }
}

export interface GenerateClassCodeOptions {
  /** For tests: the code generator. */
  generate?: () => string;
  now?: Date;
}

/** Generates a new live code for the class, stopping the one that was live. */
export async function generateClassCode(
  db: Db,
  actor: Actor,
  input: { classId: number; expirationHours?: number },
  options: GenerateClassCodeOptions = {},
): Promise<LiveClassCode> {
  const generate = options.generate ?? newClassCode;
  const hours = input.expirationHours ?? DEFAULT_CLASS_CODE_EXPIRATION_HOURS;
  for (let attempt = 1; ; attempt++) {
    const code = generate();
    try {
      return await db.transaction(async (tx) => {
        const now = options.now ?? new Date();
        const klass = await getClass(tx, actor, input.classId);
        await assertOpenToStudents(tx, klass);
        const replaced = await tx
          .update(classCodes)
          .set({ stoppedAt: now })
          .where(and(eq(classCodes.classId, klass.id), isNull(classCodes.stoppedAt)))
          .returning({ id: classCodes.id, code: classCodes.code });
        const [created] = await tx
          .insert(classCodes)
          .values({
            classId: klass.id,
            code,
            expiresAt: new Date(now.getTime() + hours * 3_600_000),
            createdByUserId: actor.id,
            createdAt: now,
          })
          .returning();
        await recordClassAuditEvent(tx, actor, klass, {
          action: "class_code.generate",
          details: { code, expirationHours: hours, replaced: replaced[0]?.code ?? null },
        });
        return {
          id: created.id,
          classId: created.classId,
          code: created.code,
          expiresAt: created.expiresAt,
          createdAt: created.createdAt,
          expired: false,
          joinedCount: 0,
        };
      });
    } catch (error) {
      // Another class holds the same live code (or a concurrent generate won): try a fresh code.
      if (isUniqueViolation(error) && attempt < MAX_ATTEMPTS) continue;
      if (isUniqueViolation(error)) {
        throw new DomainError("CONFLICT", "Could not generate a unique class code. Please try again.");
      }
      throw error;
    }
  }
}

export interface StopClassCodeResult {
  stopped: boolean;
  code: string | null;
  message: string;
}

/** Stops the class's live code; with none live, nothing changes and the message says so. */
export async function stopClassCode(
  db: Db,
  actor: Actor,
  input: { classId: number },
  now = new Date(),
): Promise<StopClassCodeResult> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, input.classId);
    const [stopped] = await tx
      .update(classCodes)
      .set({ stoppedAt: now })
      .where(and(eq(classCodes.classId, klass.id), isNull(classCodes.stoppedAt)))
      .returning({ code: classCodes.code });
    if (!stopped)
      return {
        stopped: false,
        code: null,
        message: "This class has no live class code, so there was nothing to stop.",
      };
    await recordClassAuditEvent(tx, actor, klass, {
      action: "class_code.stop",
      details: { code: stopped.code },
    });
    return {
      stopped: true,
      code: stopped.code,
      message: `Class code ${stopped.code} stopped. Students can no longer join with it.`,
    };
  });
}
