/**
 * Who keeps a class (ADR 111 and ADR 112):
 *
 * - every class that has teachers has exactly one owner (a unique index
 *   allows no second one); when the owner leaves, is removed, moved to
 *   another school, archived or deleted, ownership passes to the
 *   longest-serving remaining teacher (the earliest on the class's list,
 *   then the lowest user id);
 * - no class is left without a teacher: taking someone off their classes
 *   (archive, move, account deletion) is refused with a CONFLICT that names
 *   every class they teach alone, and the caller changes nothing.
 *
 * Both run inside the caller's transaction, with the class's teacher rows
 * locked, so two admins acting at once cannot both take a class's last two
 * teachers away.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client.server";
import { type ClassTeacherRole, classes, classTeachers } from "../db/schema.server";
import { conflict } from "../errors.server";
import type { Actor } from "./class-scope.server";

/**
 * Whether the actor may take `userId` off the class (ADR 111): anyone may
 * leave; an admin in scope (the caller has checked the class) and the
 * class's owner may remove others; a co-teacher removes nobody else. The
 * screen offers only the buttons this allows; the domain enforces it.
 */
export function mayRemoveTeacher(
  actor: Pick<Actor, "id" | "role">,
  teachers: readonly { id: number; role: ClassTeacherRole }[],
  userId: number,
): boolean {
  if (userId === actor.id || actor.role === "admin") return true;
  return teachers.some((teacher) => teacher.id === actor.id && teacher.role === "owner");
}

/** If the class has teachers but no owner, the longest-serving one becomes its owner. Returns the new owner's id. */
export async function passOwnershipOn(tx: Tx, classId: number): Promise<number | null> {
  const teachers = await tx
    .select({ userId: classTeachers.userId, role: classTeachers.role })
    .from(classTeachers)
    .where(eq(classTeachers.classId, classId))
    .orderBy(asc(classTeachers.createdAt), asc(classTeachers.userId));
  if (teachers.length === 0 || teachers.some((teacher) => teacher.role === "owner")) return null;
  const heir = teachers[0].userId;
  await tx
    .update(classTeachers)
    .set({ role: "owner" })
    .where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, heir)));
  return heir;
}

/** Why someone is taken off their classes; it shapes the refusal's advice. */
export type ReleaseReason = "archive" | "move" | "delete-own-account";

export interface ReleasedClass {
  id: number;
  name: string;
  /** Set when the user owned the class: who owns it now. */
  newOwnerId: number | null;
}

/** "A", "A and B", "A, B and C". */
function listOf(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

function refusal(reason: ReleaseReason, person: string, alone: { name: string; status: string }[]): string {
  const names = listOf(alone.map((klass) => `"${klass.name}"${klass.status === "archived" ? " (archived)" : ""}`));
  const them = alone.length === 1 ? "it" : "them";
  const these = alone.length === 1 ? "that class" : "those classes";
  if (reason === "delete-own-account") {
    return `You are the only teacher of ${names}. Add another teacher to ${these}, or ask an administrator to archive ${them}, before you delete your account.`;
  }
  const doing = reason === "archive" ? "archiving" : "moving";
  return `${person} is the only teacher of ${names}. Add another teacher to ${these} on Edit Class, or archive ${them}, before ${doing} ${person}.`;
}

/**
 * Takes the user off every class they teach (only those of `schoolId` when
 * given), passing on ownership. Refuses, changing nothing, when any of those
 * classes (active or archived: an archived class can be restored) has no
 * other teacher.
 */
export async function releaseTeacherFromClasses(
  tx: Tx,
  user: { id: number; name: string },
  reason: ReleaseReason,
  options: { schoolId?: number } = {},
): Promise<ReleasedClass[]> {
  const taught = await tx
    .select({ id: classes.id, name: classes.name, status: classes.status, role: classTeachers.role })
    .from(classTeachers)
    .innerJoin(classes, eq(classes.id, classTeachers.classId))
    .where(
      and(
        eq(classTeachers.userId, user.id),
        options.schoolId === undefined ? undefined : eq(classes.schoolId, options.schoolId),
      ),
    )
    .orderBy(asc(classes.name), asc(classes.id));
  if (taught.length === 0) return [];
  const classIds = taught.map((klass) => klass.id);
  const teachers = await tx
    .select({ classId: classTeachers.classId })
    .from(classTeachers)
    .where(inArray(classTeachers.classId, classIds))
    .for("update");
  const alone = taught.filter((klass) => teachers.filter((row) => row.classId === klass.id).length === 1);
  if (alone.length > 0) throw conflict(refusal(reason, user.name, alone));
  await tx
    .delete(classTeachers)
    .where(and(eq(classTeachers.userId, user.id), inArray(classTeachers.classId, classIds)));
  const released: ReleasedClass[] = [];
  for (const klass of taught) {
    const newOwnerId = klass.role === "owner" ? await passOwnershipOn(tx, klass.id) : null;
    released.push({ id: klass.id, name: klass.name, newOwnerId });
  }
  return released;
}
