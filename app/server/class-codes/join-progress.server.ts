/**
 * What the projector view shows while a class joins: the class, its live
 * code and how many students have joined with that code so far. The count
 * is of students on the class list who joined with this very code (one
 * student joining twice counts once; a student taken off the list no longer
 * counts; a replaced code's joins stay with the old code).
 */
import type { Actor } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import type { Db } from "../db/client.server";
import { findLiveClassCode } from "./class-codes.server";

export interface JoinProgress {
  class: { id: number; name: string };
  /** The live code, or null when the class has none (never generated, or stopped). */
  classCode: {
    code: string;
    expiresAt: Date;
    /** Still on record, but no longer admits students. */
    expired: boolean;
  } | null;
  /** Students who joined with the live code; 0 when there is none. */
  joinedCount: number;
}

/** The class's join progress, for an actor who may see the class (NOT_FOUND otherwise). */
export async function getJoinProgress(db: Db, actor: Actor, classId: number, now = new Date()): Promise<JoinProgress> {
  const klass = await getClass(db, actor, classId);
  const live = await findLiveClassCode(db, klass.id, now);
  return {
    class: { id: klass.id, name: klass.name },
    classCode: live ? { code: live.code, expiresAt: live.expiresAt, expired: live.expired } : null,
    joinedCount: live?.joinedCount ?? 0,
  };
}
