/**
 * What the live class stream sends (issue 36): the class's devices waiting to
 * join (their ids, as the class home lists them) and its class list's change
 * counter. The class home and the Students page reload their data when
 * either moves: "join requests changed", "roster changed". No names: the
 * page reads those itself. A device that stopped waiting drops out at the
 * next heartbeat's read.
 */
import { and, asc, eq } from "drizzle-orm";
import { isStillWaiting } from "../class-codes/join.server";
import type { Db } from "../db/client.server";
import { classChanges, joinRequests } from "../db/schema.server";
import type { Actor } from "./class-scope.server";
import { getClass } from "./classes.server";

export interface ClassLiveState {
  classId: number;
  /** The ids of the requests still waiting, oldest first. */
  waiting: number[];
  /** The class list's change counter (class_changes.roster_seq). */
  roster: number;
}

/** The live state of a class in the actor's scope (another's class: NotFound, as its pages). */
export async function getClassLiveState(
  db: Db,
  actor: Actor,
  classId: number,
  now = new Date(),
): Promise<ClassLiveState> {
  const klass = await getClass(db, actor, classId);
  const [waiting, [counters]] = await Promise.all([
    db
      .select({ id: joinRequests.id })
      .from(joinRequests)
      .where(and(eq(joinRequests.classId, klass.id), isStillWaiting(now)))
      .orderBy(asc(joinRequests.id)),
    db.select({ roster: classChanges.rosterSeq }).from(classChanges).where(eq(classChanges.classId, klass.id)),
  ]);
  return { classId: klass.id, waiting: waiting.map((row) => row.id), roster: Number(counters?.roster ?? 0) };
}
