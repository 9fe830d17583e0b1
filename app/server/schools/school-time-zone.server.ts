/**
 * A school's time zone (issue #38): scheduled surveys open and close in it, and their times are shown
 * in it. Any admin with the school in scope; another school is NOT_FOUND. Null: the deployment's
 * SCHOOL_TIME_ZONE.
 */
import { eq } from "drizzle-orm";
import { isTimeZone } from "~/lib/zoned-time";
import { recordAuditEvent } from "../audit/audit.server";
import type { Actor } from "../classes/class-scope.server";
import type { Db } from "../db/client.server";
import { schools } from "../db/schema.server";
import { notFound, validationError } from "../errors.server";
import { assertAdmin, schoolInScope } from "../users/scope.server";

export const TIME_ZONE_MESSAGE = "Choose a time zone from the list, such as Europe/Berlin.";

export async function setSchoolTimeZone(
  db: Db,
  actor: Actor,
  schoolId: number,
  timeZone: string | null,
): Promise<string | null> {
  assertAdmin(actor);
  if (!schoolInScope(actor, schoolId)) throw notFound("School not found");
  if (timeZone !== null && !isTimeZone(timeZone))
    throw validationError(TIME_ZONE_MESSAGE, { timeZone: [TIME_ZONE_MESSAGE] });
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ timeZone: schools.timeZone })
      .from(schools)
      .where(eq(schools.id, schoolId))
      .for("update");
    if (!before) throw notFound("School not found");
    if (before.timeZone === timeZone) return timeZone;
    await tx.update(schools).set({ timeZone, updatedAt: new Date() }).where(eq(schools.id, schoolId));
    await recordAuditEvent(tx, actor, {
      action: "school.time_zone",
      targetType: "school",
      targetId: schoolId,
      schoolId,
      details: { from: before.timeZone, to: timeZone },
    });
    return timeZone;
  });
}
