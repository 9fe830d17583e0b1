/**
 * Join requests, the teacher's side (docs/product.md#student-identity): a
 * device that asked to join as a child it could not prove to be (a rostered
 * child already signed in elsewhere, or a new name the class holds) waits
 * until one of the class's teachers admits or refuses it. The waiting device
 * then collects its student token (the student side, join.server.ts).
 *
 * Deciding is transactional and audited, and safe to repeat: a request
 * already decided, or expired, is refused with a message that says so and
 * changes nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { normalizeStudentName } from "~/lib/student-name";
import { recordClassAuditEvent } from "../audit/audit.server";
import { type Actor, classScopeCondition } from "../classes/class-scope.server";
import { type ClassRecord, getClass } from "../classes/classes.server";
import type { Db, Tx } from "../db/client.server";
import { aliased, jsonList } from "../db/json-rows.server";
import {
  classes,
  classStudents,
  type JoinRequestStatus,
  joinRequests,
  type StudentTokenKind,
  students,
} from "../db/schema.server";
import { conflict, notFound } from "../errors.server";
import { withSaying } from "../i18n/refusal-text.server";
import { closestListedName } from "../students/close-names.server";
import { studentNameFields } from "../students/student-fields.server";
import { isStillWaiting, JOIN_LOCK_NAMESPACE, readRoster, sameLookingStudent } from "./join.server";

const rosterStudent = alias(students, "rs");

export interface WaitingJoinRequest {
  id: number;
  /** The name as the teacher knows it: the roster's spelling for a child on the list, else as typed. */
  name: string;
  /** The name as the child typed it. */
  firstName: string;
  lastName: string;
  /** The rostered student the device asks to be; null for a new name held by the class. */
  studentId: number | null;
  /** The roster's spelling of that student's name. */
  rosterFirstName: string | null;
  rosterLastName: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** Browser and system of the waiting device, from its User-Agent; null when it did not say. */
  deviceBrowser: string | null;
  deviceSystem: string | null;
  /** "app" for the student app, "browser" for the student pages. */
  tokenKind: StudentTokenKind;
  /** Whole minutes since the device asked, at the time of reading (for "asked 2 minutes ago"). */
  minutesAgo: number;
}

const waitingFields = {
  id: joinRequests.id,
  firstName: joinRequests.firstName,
  lastName: joinRequests.lastName,
  studentId: joinRequests.studentId,
  rosterFirstName: rosterStudent.firstName,
  rosterLastName: rosterStudent.lastName,
  createdAt: joinRequests.createdAt,
  expiresAt: joinRequests.expiresAt,
  deviceBrowser: joinRequests.deviceBrowser,
  deviceSystem: joinRequests.deviceSystem,
  tokenKind: joinRequests.tokenKind,
};

/**
 * The class's requests still waiting (not decided, not expired, the device
 * still asking), newest first. One round trip: the class in the actor's
 * scope (else NOT_FOUND) with its requests as a JSON list.
 */
export async function listWaitingJoinRequests(
  db: Db,
  actor: Actor,
  classId: number,
  now = new Date(),
): Promise<WaitingJoinRequest[]> {
  const [klass] = await db
    .select({
      requests: jsonList(
        waitingFields,
        sql`from ${joinRequests} left join ${aliased(rosterStudent)} on ${rosterStudent.id} = ${joinRequests.studentId}
          where ${joinRequests.classId} = ${classes.id} and ${isStillWaiting(now)}`,
        sql`${joinRequests.createdAt} desc, ${joinRequests.id} desc`,
      ),
    })
    .from(classes)
    .where(and(eq(classes.id, classId), classScopeCondition(actor)));
  if (!klass) throw notFound("Class not found");
  return klass.requests.map((row) => ({
    ...row,
    name: knownName(row),
    minutesAgo: Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / 60_000)),
  }));
}

/** The roster's spelling for a child on the list, else the name as typed. */
function knownName(request: {
  firstName: string;
  lastName: string;
  rosterFirstName: string | null;
  rosterLastName: string | null;
}): string {
  return request.rosterFirstName !== null
    ? `${request.rosterFirstName} ${request.rosterLastName}`
    : `${request.firstName} ${request.lastName}`;
}

export interface JoinRequestDecision {
  /** The student's name as the teacher knows it (the roster's, or the new student's). */
  name: string;
  studentId: number | null;
  /** True when admitting put a new student on the class list. */
  newStudent: boolean;
}

const ALREADY: Record<Exclude<JoinRequestStatus, "waiting">, string> = {
  admitted: "{name} was already let in.",
  collected: "{name} was already let in.",
  refused: "{name} was already refused.",
};

/** The waiting request of the class, locked for the decision; anything else is a clear refusal. */
async function lockWaitingRequest(tx: Tx, klass: ClassRecord, requestId: number, now: Date) {
  const [request] = await tx
    .select({
      id: joinRequests.id,
      studentId: joinRequests.studentId,
      firstName: joinRequests.firstName,
      lastName: joinRequests.lastName,
      status: joinRequests.status,
      classCodeId: joinRequests.classCodeId,
      expiresAt: joinRequests.expiresAt,
      rosterFirstName: rosterStudent.firstName,
      rosterLastName: rosterStudent.lastName,
    })
    .from(joinRequests)
    .leftJoin(rosterStudent, eq(rosterStudent.id, joinRequests.studentId))
    .where(and(eq(joinRequests.id, requestId), eq(joinRequests.classId, klass.id)))
    .for("update", { of: joinRequests })
    .limit(1);
  if (!request) throw notFound("This request to join was not found.");
  const name = knownName(request);
  if (request.status !== "waiting") {
    const already = ALREADY[request.status];
    throw withSaying(conflict(""), (t) => t(already, { name }));
  }
  if (request.expiresAt.getTime() <= now.getTime()) {
    throw withSaying(conflict(""), (t) => t("{name}'s request to join has expired. They can ask again.", { name }));
  }
  return { ...request, name };
}

/** The student on the class list whose name looks the same (join.server.ts's matching), or a new one. */
async function studentForNewName(
  tx: Tx,
  klass: ClassRecord,
  request: { firstName: string; lastName: string; classCodeId: number | null },
  now: Date,
): Promise<{ id: number; firstName: string; lastName: string; created: boolean }> {
  // The join's own lock and look-alike matching (join.server.ts): one new student per name, whoever makes it.
  await tx.execute(sql`select pg_advisory_xact_lock(${JOIN_LOCK_NAMESPACE}, ${klass.id})`);
  const firstName = normalizeStudentName(request.firstName);
  const lastName = normalizeStudentName(request.lastName);
  const roster = await readRoster(tx, klass.id);
  const rostered = sameLookingStudent(roster, firstName, lastName);
  if (rostered) return { ...rostered, created: false };
  // A new name close to a listed one: the teacher sees it on the class list (issue 36).
  const close = closestListedName(roster, firstName, lastName);
  const [created] = await tx
    .insert(students)
    .values({ schoolId: klass.schoolId, firstName, lastName, lastSeenAt: now })
    .returning(studentNameFields(students));
  await tx.insert(classStudents).values({
    classId: klass.id,
    studentId: created.id,
    joinedWithCodeId: request.classCodeId,
    unlisted: true,
    closeToStudentId: close?.id ?? null,
  });
  return { ...created, created: true };
}

type JoinRequestInput = { classId: number; requestId: number };
type WaitingRequest = Awaited<ReturnType<typeof lockWaitingRequest>>;

/** In one transaction: the actor's class (open, for an admission) and its waiting request, locked; then `decide`. */
function decideWaitingRequest(
  db: Db,
  actor: Actor,
  input: JoinRequestInput,
  now: Date,
  { openClassOnly }: { openClassOnly: boolean },
  decide: (tx: Tx, klass: ClassRecord, request: WaitingRequest) => Promise<JoinRequestDecision>,
): Promise<JoinRequestDecision> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, input.classId);
    if (openClassOnly && klass.status !== "active") throw conflict("This class is archived, so nobody can join it.");
    return decide(tx, klass, await lockWaitingRequest(tx, klass, input.requestId, now));
  });
}

/**
 * Admit: the waiting device may collect its token. A new name held by the
 * class becomes a student of the class (in its school) first; a rostered
 * child must still be on the class list.
 */
export function admitJoinRequest(
  db: Db,
  actor: Actor,
  input: JoinRequestInput,
  now = new Date(),
): Promise<JoinRequestDecision> {
  return decideWaitingRequest(db, actor, input, now, { openClassOnly: true }, async (tx, klass, request) => {
    let studentId: number;
    let name = request.name;
    let newStudent = false;
    if (request.studentId === null) {
      const student = await studentForNewName(tx, klass, request, now);
      studentId = student.id;
      name = `${student.firstName} ${student.lastName}`;
      newStudent = student.created;
    } else {
      const [member] = await tx
        .select({ studentId: classStudents.studentId })
        .from(classStudents)
        .where(and(eq(classStudents.classId, klass.id), eq(classStudents.studentId, request.studentId)))
        .limit(1);
      if (!member) {
        throw withSaying(conflict(""), (t) =>
          t("{name} is no longer on the class list, so they cannot be let in.", { name }),
        );
      }
      studentId = request.studentId;
    }
    await tx
      .update(joinRequests)
      .set({ status: "admitted", studentId, decidedAt: now, decidedByUserId: actor.id })
      .where(eq(joinRequests.id, request.id));
    await recordClassAuditEvent(tx, actor, klass, {
      action: "join_request.admit",
      target: { type: "student", id: studentId },
      details: { requestId: request.id, newStudent },
    });
    return { name, studentId, newStudent };
  });
}

/** Refuse: the waiting device is told no, and nothing else changes. */
export function refuseJoinRequest(
  db: Db,
  actor: Actor,
  input: JoinRequestInput,
  now = new Date(),
): Promise<JoinRequestDecision> {
  return decideWaitingRequest(db, actor, input, now, { openClassOnly: false }, async (tx, klass, request) => {
    await tx
      .update(joinRequests)
      .set({ status: "refused", decidedAt: now, decidedByUserId: actor.id })
      .where(eq(joinRequests.id, request.id));
    await recordClassAuditEvent(tx, actor, klass, {
      action: "join_request.refuse",
      details: { requestId: request.id, studentId: request.studentId },
    });
    return { name: request.name, studentId: request.studentId, newStudent: false };
  });
}
