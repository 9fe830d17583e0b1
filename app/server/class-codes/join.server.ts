/**
 * Joining a class with a class code, from the student pages or the student
 * app (docs/product.md#student-identity, ADR 180).
 *
 * - The code must be live: not stopped, not expired, of an active class in
 *   an active school (an archived class or school is closed to students).
 *   Unknown codes are 404; stopped and expired ones are 410, each with a
 *   message a child can act on.
 * - A personal code (from the student's card) names one student of the
 *   class's roster: that device becomes the student, verified. A wrong one is
 *   a field error and counts as a failed join. A class whose join mode is
 *   "personal-code" takes nothing else.
 * - Otherwise the name is normalised (~/lib/student-name) and compared with
 *   the roster by its confusable skeleton (name-skeleton.server.ts):
 *   - a rostered student nobody has joined as yet in this class (no token
 *     ever issued there, no answers) is claimed at once: today's one step;
 *   - a rostered student already claimed is never taken from a name alone:
 *     the device waits for the teacher (a join request);
 *   - a name that is not on the roster follows the class's newNames rule:
 *     "allow" adds the student, "hold" waits for the teacher, "refuse" says
 *     so. Before "allow" or "hold", a name close to a listed one (one or two
 *     letters apart, close-names.server.ts) is asked about first: "Are you
 *     Zara Newkid?" (NAME_CLOSE_TO_LISTED, 409, with the listed spelling).
 *     Yes is a join with that name; "I am new" (`newName`) follows the rule,
 *     and the new student is marked close to the listed one for the teacher.
 *     The question tells that a name is on the list, so it counts as a
 *     failed join (the device's and address's guessing limits) and a code
 *     asks at most closeNameQuestionsPerCode an hour; past that the name
 *     follows the rule unasked.
 * - The answers are uniform: joined (200) and waiting (202) each have one
 *   shape whatever the roster holds, with the names as typed and no student
 *   id, so a join never tells which ids the roster has.
 * - Failures (a code that is not live, a wrong personal code, a name the
 *   class refuses) are limited per device and per address; successful joins
 *   never count, so a school's right codes are never refused for other
 *   people's wrong ones (ADR 203). A code lets in at most NEW_NAMES_PER_CODE
 *   made-up names without the teacher; more wait for the teacher (ADR 204).
 *   Once an address's wrong codes are used up, devices known before (seen at
 *   a checked join) are still checked, with an allowance of their own, while
 *   new devices wait or join with a card's personal code (ADR 234).
 *   See docs/security.md "Guessing a class code".
 */
import { and, desc, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { deviceHint } from "~/lib/device-hint";
import { normalizePersonalCode } from "~/lib/personal-code";
import { DEVICE_ID_PATTERN } from "~/lib/student-api/limits";
import { normalizeStudentName } from "~/lib/student-name";
import { openAnonymousSurveysDetail } from "../audit/anonymous-roster.server";
import { recordStudentAuditEvent } from "../audit/student-audit.server";
import { hashToken, newToken } from "../auth/session.server";
import type { Db, Tx } from "../db/client.server";
import {
  assignments,
  classCodes,
  classes,
  classStudents,
  type JoinMode,
  joinRequests,
  type NewNamesRule,
  rateLimits,
  responses,
  type StudentTokenKind,
  schools,
  students,
  studentTokens,
} from "../db/schema.server";
import { DomainError, rateLimited, validationError } from "../errors.server";
import { withSaying } from "../i18n/refusal-text.server";
import {
  enforceRateLimits,
  hitRateLimit,
  NEW_NAMES_PER_CODE,
  RATE_LIMITS,
  type RateLimitHit,
  type RateLimitRule,
  refundRateLimitHit,
  refundRateLimitHits,
  TRY_AGAIN_IN,
  WAITING_NEW_NAMES_PER_CLASS,
} from "../security/rate-limit.server";
import { CARD_NOT_VALID_MESSAGE, findCardHolder } from "../students/card-tokens.server";
import { closestListedName } from "../students/close-names.server";
import { nameSkeletonKeys, sameLookingNames } from "../students/name-skeleton.server";
import { studentNameFields } from "../students/student-fields.server";
import { issueStudentToken, STUDENT_TOKEN_LIFETIME_MS } from "../students/student-tokens.server";

export const JOIN_RATE_LIMIT_MESSAGE = "Too many tries to join a class. Please wait a few minutes and try again.";
export const CODE_NOT_FOUND_MESSAGE = "This class code is not valid. Check the code and try again.";
export const CODE_STOPPED_MESSAGE = "This class code has been stopped. Ask your teacher for the new class code.";
export const CODE_EXPIRED_MESSAGE = "This class code has expired. Ask your teacher for a new class code.";
export const NAME_NOT_ON_LIST_MESSAGE = "Your name is not on this class's list. Ask your teacher.";
export const PERSONAL_CODE_NEEDED_MESSAGE = "Type the personal code from your card.";
export const PERSONAL_CODE_WRONG_MESSAGE =
  "This personal code is not right. Check the code on your card and try again, or ask your teacher.";
export const NEW_DEVICE_WAITS_MESSAGE =
  "A lot of wrong class codes were typed at your school just now, so a new device has to wait before it can join. Ask your teacher. If you have a card, type the personal code from it too.";
export const CARD_CODES_WRONG_MESSAGE =
  "The class code or the personal code is not right. Check both codes on your card, or ask your teacher.";

export const WAITING_FOR_TEACHER_MESSAGE =
  "Your teacher needs to let you in. Please wait: when your teacher says yes, you can start.";

/** How long a device may wait for the teacher before it has to join again. */
export const JOIN_REQUEST_LIFETIME_MS = 30 * 60 * 1000;
/**
 * A waiting device asks again every few seconds (the waiting page, the app's
 * collect); one not seen for this long stopped waiting: the teacher no longer
 * sees it and it takes no room in the class (computed when read).
 */
export const JOIN_REQUEST_UNSEEN_MS = 90 * 1000;
/** Requests waiting at once in one class, rostered names and new names together (issue 35, point 3). */
export const WAITING_REQUESTS_PER_CLASS = 80;

/** A request still waiting for the teacher: not decided, not expired, its device seen lately. */
export function isStillWaiting(now: Date): SQL {
  return and(
    eq(joinRequests.status, "waiting"),
    gt(joinRequests.expiresAt, now),
    gt(joinRequests.lastSeenAt, new Date(now.getTime() - JOIN_REQUEST_UNSEEN_MS)),
  ) as SQL;
}
/** Prefix of a join request's secret, so a leaked one is recognisable. */
export const JOIN_REQUEST_SECRET_PREFIX = "ojr_";

/** pg_advisory_xact_lock's first key for joins (the second is the class id). */
export const JOIN_LOCK_NAMESPACE = 80_801;

/**
 * The one class-code normaliser (/join, the QR link's `?code=`, the student
 * API all reach it through findLiveCode): case, spaces, hyphens, dots and any
 * other separators (a full-width or typographic dash too) do not matter, and
 * the groups are put back with hyphens. "udrj 6436-bqtk", "UDRJ.6436.BQTK"
 * and "udrj6436bqtk" name UDRJ-6436-BQTK; "sunny 4821", " Sunny-4821 " and
 * "SUNNY4821" name the older two-group SUNNY-4821.
 */
export function normalizeClassCode(input: string): string {
  const compact = input
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
  const grouped = /^([A-Z]+)(\d+)([A-Z]+)?$/.exec(compact);
  if (!grouped) return compact;
  return [grouped[1], grouped[2], grouped[3]].filter(Boolean).join("-");
}

/** The rate_limits keys one join attempt counts its failure under. */
export function joinFailureKeys(ip: string | null, deviceId?: string | null) {
  const address = ip ?? "unknown";
  const hasDeviceId = Boolean(deviceId && DEVICE_ID_PATTERN.test(deviceId));
  // Without a device id, the address's device-less joins share one device's limits.
  const device = hasDeviceId ? `device:${deviceId}` : `no-device:${address}`;
  return {
    address: `student-join-failed:ip:${address}`,
    /** Known devices' wrong codes once the address's own limit is used up (ADR 234). */
    addressKnownDevices: `student-join-failed-known:ip:${address}`,
    device: `student-join-failed:${device}`,
    deviceDay: `student-join-failed-day:${device}`,
    /** The row saying the device was seen at a checked join (its first time); none without a device id. */
    seen: hasDeviceId ? `student-join-device-seen:${device}` : null,
  };
}

export interface JoinInput {
  code: string;
  firstName?: string;
  lastName?: string;
  personalCode?: string;
  ip: string | null;
  /** The device's own id: the join-device cookie (pages) or X-Device-Id (app); its failures slow only it. */
  deviceId?: string | null;
  /** "browser" for the student pages' session, "app" for the student API. */
  tokenKind: StudentTokenKind;
  /** The User-Agent header: a waiting request keeps its browser and system for the teacher. */
  userAgent?: string | null;
  /** The token of a sign-in card's QR code (`/join?card=`): the card's child in its class, whatever the class code does. */
  cardToken?: string;
  /** "I am new": the child said the listed name they were asked about ("Are you …?") is not theirs. */
  newName?: boolean;
}

export interface JoinClass {
  id: number;
  name: string;
  /** The school information system's id of the class (OneRoster sourcedId, issue 39.4); null when not imported. */
  sourcedId: string | null;
}

/** The device is now the student: keep the token. */
export interface Joined {
  status: "joined";
  token: string;
  /** For the caller's own records; never part of an answer (it would tell the roster). */
  studentId: number;
  /** As typed (normalised), never as the roster spells it. */
  student: { firstName: string; lastName: string };
  class: JoinClass;
}

/** The device waits for the teacher; it collects its token with the secret (join-collect.server.ts). */
export interface JoinWaiting {
  status: "waiting";
  requestSecret: string;
  expiresAt: Date;
  class: JoinClass;
}

export type JoinOutcome = Joined | JoinWaiting;

/** A join's outcome as the student API answers it: 200 joined, 202 waiting; no student id either way. */
export function joinAnswer(outcome: JoinOutcome): { status: 200 | 202; body: Record<string, unknown> } {
  if (outcome.status === "joined") {
    const { studentId: _hidden, ...joined } = outcome;
    // Seconds the token works from now, counted from the answer (ADR 190).
    return { status: 200, body: { ...joined, expiresIn: STUDENT_TOKEN_LIFETIME_MS.app / 1000 } };
  }
  return {
    status: 202,
    body: {
      status: "waiting",
      requestSecret: outcome.requestSecret,
      expiresAt: outcome.expiresAt.toISOString(),
      message: WAITING_FOR_TEACHER_MESSAGE,
      class: outcome.class,
    },
  };
}

/**
 * Takes a wrong personal code's hit on the address BEFORE the code is checked (one statement, so
 * parallel guesses cannot all pass a count read before any of them added to it); a right code gives
 * it back (personalCodeRefund). Throws RATE_LIMITED past the limit.
 */
async function takePersonalCodeHit(db: Db, ip: string | null): Promise<RateLimitHit[]> {
  return enforceRateLimits(
    db,
    [{ key: personalCodeFailureKey(ip), rule: RATE_LIMITS.personalCodeFailuresPerIp }],
    JOIN_RATE_LIMIT_MESSAGE,
  );
}

interface LiveCode {
  id: number;
  classId: number;
  className: string;
  classSourcedId: string | null;
  schoolId: number;
  joinMode: JoinMode;
  newNames: NewNamesRule;
}

/**
 * The class a typed or linked class code names (a code in use, stopped or not yet), or null: for the
 * join page's language before the child has chosen one (the QR link opens `/join?code=…`, issue 36).
 * Reads only; a lookup here is no join attempt.
 */
export async function classIdOfCode(db: Db, input: string): Promise<number | null> {
  const code = normalizeClassCode(input);
  if (code === "") return null;
  const [row] = await db
    .select({ classId: classCodes.classId })
    .from(classCodes)
    .where(and(eq(classCodes.code, code), isNull(classCodes.stoppedAt)))
    .limit(1);
  return row?.classId ?? null;
}

/** What joining needs of a code's class. */
const joinClassColumns = {
  classId: classes.id,
  className: classes.name,
  classSourcedId: classes.sourcedId,
  schoolId: classes.schoolId,
  joinMode: classes.joinMode,
  newNames: classes.newNames,
};

/** The live code's class, or the 404/410 answer (counted as a failed join). */
async function findLiveCode(db: Db, input: string, now: Date): Promise<LiveCode> {
  const code = normalizeClassCode(input);
  const [live] = await db
    .select({
      id: classCodes.id,
      expiresAt: classCodes.expiresAt,
      ...joinClassColumns,
      // A class is open to students only while it and its school are active.
      open: sql<boolean>`${classes.status} = 'active' and ${schools.status} = 'active'`,
    })
    .from(classCodes)
    .innerJoin(classes, eq(classes.id, classCodes.classId))
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(classCodes.code, code), isNull(classCodes.stoppedAt)))
    .limit(1);

  if (!live?.open || live.expiresAt.getTime() <= now.getTime()) {
    if (live?.open) throw new DomainError("CLASS_CODE_EXPIRED", CODE_EXPIRED_MESSAGE);
    if (!live) {
      // A code stopped by archiving stays unknown while its class is closed (ADR 113, ADR 191).
      const [stopped] = await db
        .select({ id: classCodes.id })
        .from(classCodes)
        .innerJoin(classes, and(eq(classes.id, classCodes.classId), eq(classes.status, "active")))
        .innerJoin(schools, and(eq(schools.id, classes.schoolId), eq(schools.status, "active")))
        .where(eq(classCodes.code, code))
        .orderBy(desc(classCodes.createdAt))
        .limit(1);
      if (stopped) throw new DomainError("CLASS_CODE_STOPPED", CODE_STOPPED_MESSAGE);
    }
    throw new DomainError("CLASS_CODE_NOT_FOUND", CODE_NOT_FOUND_MESSAGE);
  }
  const { expiresAt: _expiresAt, open: _open, ...found } = live;
  return found;
}

/**
 * The class a card's class code names, live or not (issue 36): a printed
 * card keeps working for its child while the child is in the class, whatever
 * the class code does since (stopped, replaced, expired). Only with the
 * personal code, checked with the same limits as with a live code; the class
 * and its school must be active. The live code first, else the newest one.
 */
async function findCardClass(db: Db, input: string, now: Date): Promise<CardClass> {
  try {
    return await findLiveCode(db, input, now);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code === "CLASS_CODE_NOT_FOUND") throw error;
    const [card] = await db
      .select(joinClassColumns)
      .from(classCodes)
      .innerJoin(classes, and(eq(classes.id, classCodes.classId), eq(classes.status, "active")))
      .innerJoin(schools, and(eq(schools.id, classes.schoolId), eq(schools.status, "active")))
      .where(eq(classCodes.code, normalizeClassCode(input)))
      .orderBy(desc(classCodes.createdAt))
      .limit(1);
    if (!card) throw error;
    // No code to record the join under: the card's code is not live.
    return { ...card, id: null };
  }
}

/** A class a card opens: its live code's, or (id null) one whose code was stopped or replaced. */
type CardClass = Omit<LiveCode, "id"> & { id: number | null };

/** A failed join: it keeps its hit on the address and counts against the device. */
class JoinFailure {
  constructor(readonly error: unknown) {}
}

export async function joinClass(db: Db, input: JoinInput, now = new Date()): Promise<JoinOutcome> {
  const keys = joinFailureKeys(input.ip, input.deviceId);
  // Every key takes its hit before the check, so attempts in flight together cannot all pass a
  // count of zero, and gives it back when the join works: a success never counts (ADR 203). The
  // device's own limits come first: past them the device waits unchecked, and its address does
  // not count the try.
  const hits = await enforceRateLimits(
    db,
    [
      { key: keys.device, rule: RATE_LIMITS.classCodeJoinFailuresPerDevice },
      { key: keys.deviceDay, rule: RATE_LIMITS.classCodeJoinFailuresPerDeviceDay },
    ],
    JOIN_RATE_LIMIT_MESSAGE,
  );
  const address = await hitRateLimit(db, keys.address, RATE_LIMITS.classCodeJoinFailuresPerIp);
  let join = () => joinWithCode(db, input, now);
  if (address.allowed) {
    hits.push({ key: keys.address, windowStart: address.windowStart });
  } else {
    // The address's wrong codes are used up (ADR 234). Its count stays at its limit: this try is
    // not checked as one of them.
    await refundRateLimitHits(db, [{ key: keys.address, windowStart: address.windowStart }]);
    if (await isKnownDevice(db, keys.seen)) {
      // A device seen before the flood is still checked; its wrong codes have their own allowance.
      const known = await hitRateLimit(
        db,
        keys.addressKnownDevices,
        RATE_LIMITS.classCodeJoinFailuresPerIpKnownDevices,
      );
      hits.push({ key: keys.addressKnownDevices, windowStart: known.windowStart });
      if (!known.allowed) {
        await refundRateLimitHits(db, hits);
        throw joinRateLimited(known.retryAfterSeconds);
      }
    } else if (input.cardToken) {
      // A card's token cannot be guessed (192 bits): checked as it is, a wrong one counts on the device.
    } else if (normalizePersonalCode(input.personalCode ?? "")) {
      // A new device with a card: the class code and the personal code are checked together. It
      // becomes known only if they are right.
      join = () => joinWithCardDuringFlood(db, input, keys.seen, now);
    } else {
      // A new device waits unchecked, and its own counts do not take the try.
      await refundRateLimitHits(db, hits);
      throw rateLimited(NEW_DEVICE_WAITS_MESSAGE, address.retryAfterSeconds);
    }
  }
  // The device is known from its first checked join on (ADR 234).
  if (keys.seen && address.allowed) await markDeviceSeen(db, keys.seen);
  try {
    const outcome = await join();
    await refundRateLimitHits(db, hits);
    return outcome;
  } catch (caught) {
    if (!(caught instanceof JoinFailure)) {
      // Not a guess (missing names, a class that is busy): the code was right.
      await refundRateLimitHits(db, hits);
      throw caught;
    }
    throw caught.error;
  }
}

function joinRateLimited(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  // A message with a number: said in the student's language where it is shown (ADR 227, 228).
  return withSaying(
    rateLimited("", retryAfterSeconds),
    (t) => `${t(JOIN_RATE_LIMIT_MESSAGE)} ${t(TRY_AGAIN_IN, { minutes })}`,
  );
}

/** True when the device was seen at a checked join before (ADR 234). */
async function isKnownDevice(db: Db, seenKey: string | null): Promise<boolean> {
  if (!seenKey) return false;
  const [row] = await db.select({ key: rateLimits.key }).from(rateLimits).where(eq(rateLimits.key, seenKey)).limit(1);
  return Boolean(row);
}

/** Notes when the device was first seen at a checked join; later joins leave the row as it is. */
async function markDeviceSeen(db: Db, seenKey: string): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key: seenKey, windowStart: sql`date_trunc('milliseconds', now())`, count: 0 })
    .onConflictDoNothing({ target: rateLimits.key });
}

/**
 * A new device's join while its address's wrong codes are used up, with the
 * personal code from a card (ADR 234). Both codes are checked together and a
 * wrong pair gets one answer whichever half is wrong, so the try tells nothing
 * about the class code alone: it hits only with a live class code AND the
 * personal code of a student of that class. Wrong pairs count against the
 * address's personal-code limit and the device.
 */
async function joinWithCardDuringFlood(
  db: Db,
  input: JoinInput,
  seenKey: string | null,
  now: Date,
): Promise<JoinOutcome> {
  const personalHit = await takePersonalCodeHit(db, input.ip);
  const personalCode = normalizePersonalCode(input.personalCode ?? "");
  const live = await findCardClass(db, input.code, now).catch((error: unknown) => {
    if (error instanceof DomainError) return null;
    throw error;
  });
  const joined = live ? await joinWithPersonalCode(db, live, personalCode, input.tokenKind, now) : null;
  if (joined) {
    await refundRateLimitHits(db, personalHit);
    if (seenKey) await markDeviceSeen(db, seenKey);
    return joined;
  }
  throw new JoinFailure(
    validationError(CARD_CODES_WRONG_MESSAGE, {
      code: [CARD_CODES_WRONG_MESSAGE],
      personalCode: [CARD_CODES_WRONG_MESSAGE],
    }),
  );
}

function personalCodeFailureKey(ip: string | null): string {
  return `student-join-personal-failed:ip:${ip ?? "unknown"}`;
}

async function joinWithCode(db: Db, input: JoinInput, now: Date): Promise<JoinOutcome> {
  if (input.cardToken) return joinWithCardToken(db, input.cardToken, input.tokenKind, now);
  const personalCode = input.personalCode ? normalizePersonalCode(input.personalCode) : "";
  if (personalCode) {
    let card: CardClass;
    try {
      card = await findCardClass(db, input.code, now);
    } catch (error) {
      throw new JoinFailure(error);
    }
    // Personal codes are a smaller space (512,000 per school): their own, lower limit per address.
    const personalHit = await takePersonalCodeHit(db, input.ip);
    const joined = await joinWithPersonalCode(db, card, personalCode, input.tokenKind, now);
    if (joined) {
      await refundRateLimitHits(db, personalHit);
      return joined;
    }
    throw new JoinFailure(
      validationError(PERSONAL_CODE_WRONG_MESSAGE, { personalCode: [PERSONAL_CODE_WRONG_MESSAGE] }),
    );
  }
  let live: LiveCode;
  try {
    live = await findLiveCode(db, input.code, now);
  } catch (error) {
    throw new JoinFailure(error);
  }
  if (live.joinMode === "personal-code") {
    throw validationError(PERSONAL_CODE_NEEDED_MESSAGE, { personalCode: [PERSONAL_CODE_NEEDED_MESSAGE] });
  }

  const firstName = normalizeStudentName(input.firstName ?? "");
  const lastName = normalizeStudentName(input.lastName ?? "");
  if (!firstName || !lastName) {
    const fieldErrors: Record<string, string[]> = {};
    if (!firstName) fieldErrors.firstName = ["First name is required"];
    if (!lastName) fieldErrors.lastName = ["Last name is required"];
    throw validationError("Type your first name and your last name.", fieldErrors);
  }

  const outcome = await db.transaction(async (tx): Promise<JoinOutcome | RosteredStudent | null> => {
    // One join per class at a time, so two devices joining as the same new
    // name at once make one student, not two, and one claim of a rostered name.
    await tx.execute(sql`select pg_advisory_xact_lock(${JOIN_LOCK_NAMESPACE}, ${live.classId})`);
    const roster = await readRoster(tx, live.classId);
    const rosteredId = sameLookingStudent(roster, firstName, lastName)?.id ?? null;
    const typed = { firstName, lastName };
    if (rosteredId !== null) {
      if (await isClaimed(tx, live.classId, rosteredId)) {
        return holdForTeacher(tx, live, { ...typed, studentId: rosteredId }, input, now);
      }
      return admitStudent(tx, live, rosteredId, typed, input.tokenKind, now, "first-claim");
    }
    if (live.newNames === "refuse") return null;
    // "Are you Zara Newkid?" first, unless the child said they are new or the code asked enough.
    const close = closestListedName(roster, firstName, lastName);
    if (close && !input.newName && (await takeCloseNameQuestion(tx, live.id))) return close;
    // A code lets in a bounded number of made-up names; the rest wait for the teacher (ADR 204).
    if (live.newNames === "hold" || !(await takeNewNameSlot(tx, live.id))) {
      return holdForTeacher(tx, live, { ...typed, studentId: null }, input, now);
    }
    const [created] = await tx
      .insert(students)
      .values({ schoolId: live.schoolId, firstName, lastName, lastSeenAt: now })
      .returning({ id: students.id });
    await tx.insert(classStudents).values({
      classId: live.classId,
      studentId: created.id,
      joinedWithCodeId: live.id,
      unlisted: true,
      closeToStudentId: close?.id ?? null,
    });
    return admitStudent(tx, live, created.id, typed, input.tokenKind, now, "new-name");
  });
  if (outcome && "status" in outcome) return outcome;
  // The question tells that a name is on the list: it keeps its hits as a failed join does.
  if (outcome) throw new JoinFailure(closeNameQuestion(outcome));
  throw new JoinFailure(new DomainError("NAME_NOT_ON_LIST", NAME_NOT_ON_LIST_MESSAGE));
}

/** The page's and the API's "Are you …?": 409 NAME_CLOSE_TO_LISTED with the listed spelling (issue 36). */
export function closeNameQuestion(listed: RosteredStudent): DomainError {
  const suggestion = { firstName: listed.firstName, lastName: listed.lastName };
  const error = withSaying(new DomainError("NAME_CLOSE_TO_LISTED", ""), (t) =>
    t("Are you {name}?", { name: `${suggestion.firstName} ${suggestion.lastName}` }),
  );
  error.details = { suggestion };
  return error;
}

function closeNameQuestionsKey(codeId: number): string {
  return `student-join-close-name:code:${codeId}`;
}

/** One of the code's "Are you …?" questions, taken in one statement before asking; false past the limit. */
async function takeCloseNameQuestion(tx: Tx, codeId: number): Promise<boolean> {
  const key = closeNameQuestionsKey(codeId);
  const taken = await hitRateLimit(tx, key, RATE_LIMITS.closeNameQuestionsPerCode);
  if (!taken.allowed) await refundRateLimitHit(tx, key, taken.windowStart);
  return taken.allowed;
}

/** A sign-in card's QR code: its child in its class while the child is there (card-tokens.server.ts). */
async function joinWithCardToken(db: Db, token: string, tokenKind: StudentTokenKind, now: Date): Promise<Joined> {
  const holder = await findCardHolder(db, token);
  if (!holder) throw new JoinFailure(new DomainError("CARD_NOT_VALID", CARD_NOT_VALID_MESSAGE));
  const klass = {
    id: null,
    classId: holder.classId,
    className: holder.className,
    classSourcedId: holder.classSourcedId,
    schoolId: holder.schoolId,
  };
  // The card proves who the child is, so the answer may carry the roster's spelling.
  const typed = { firstName: holder.firstName, lastName: holder.lastName };
  return db.transaction((tx) => admitStudent(tx, klass, holder.studentId, typed, tokenKind, now, "card"));
}

/** The count of made-up names a code let in: one rate_limits row per code, for the code's whole life. */
const NEW_NAMES_RULE: RateLimitRule = { limit: NEW_NAMES_PER_CODE, windowMs: 10 * 365 * 24 * 60 * 60 * 1000 };

function newNamesKey(codeId: number): string {
  return `student-join-new-names:code:${codeId}`;
}

/**
 * Takes one of the code's made-up-name slots in one statement before the name is let in (the
 * transaction rolls it back if the join fails); false, with the slot given back, when they are
 * all used.
 */
async function takeNewNameSlot(tx: Tx, codeId: number): Promise<boolean> {
  const taken = await hitRateLimit(tx, newNamesKey(codeId), NEW_NAMES_RULE);
  if (!taken.allowed) await refundRateLimitHit(tx, newNamesKey(codeId), taken.windowStart);
  return taken.allowed;
}

/** Made-up names the code has let into its class without the teacher. */
export async function newNamesAdmitted(db: Db | Tx, codeId: number): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, newNamesKey(codeId)))
    .limit(1);
  return row?.count ?? 0;
}

export const TOO_MANY_WAITING_MESSAGE =
  "Your teacher has a lot of names to check right now. Please wait a few minutes and try again, or ask your teacher.";

/**
 * Room to wait, checked under the class's join lock after this child's and
 * this device's older requests were replaced: at most WAITING_REQUESTS_PER_CLASS
 * requests wait in a class, of which WAITING_NEW_NAMES_PER_CLASS new names
 * (ADR 204); requests whose device stopped asking take no room.
 */
async function assertRoomToWait(tx: Tx, classId: number, newName: boolean, now: Date): Promise<void> {
  const [row] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      newNames: sql<number>`count(*) filter (where ${joinRequests.studentId} is null)::int`,
    })
    .from(joinRequests)
    .where(and(eq(joinRequests.classId, classId), isStillWaiting(now)));
  const full =
    (row?.all ?? 0) >= WAITING_REQUESTS_PER_CLASS || (newName && (row?.newNames ?? 0) >= WAITING_NEW_NAMES_PER_CLASS);
  if (full) throw rateLimited(TOO_MANY_WAITING_MESSAGE, 5 * 60);
}

/**
 * One waiting request per child and per device (issue 35, point 3): a newer
 * one replaces the older ones (they lapse now, and their device is told to
 * join again). The child is the rostered student asked for, or, for a new
 * name, the waiting new names that look the same.
 */
async function replaceOlderRequests(
  tx: Tx,
  classId: number,
  request: { firstName: string; lastName: string; studentId: number | null },
  deviceId: string | null,
  now: Date,
): Promise<void> {
  const sameChild: SQL[] = [];
  if (request.studentId !== null) {
    sameChild.push(and(eq(joinRequests.classId, classId), eq(joinRequests.studentId, request.studentId)) as SQL);
  } else {
    const typed = nameSkeletonKeys(request.firstName, request.lastName);
    const waitingNewNames = await tx
      .select({ id: joinRequests.id, firstName: joinRequests.firstName, lastName: joinRequests.lastName })
      .from(joinRequests)
      .where(
        and(
          eq(joinRequests.classId, classId),
          isNull(joinRequests.studentId),
          eq(joinRequests.status, "waiting"),
          gt(joinRequests.expiresAt, now),
        ),
      );
    const same = waitingNewNames.filter((row) =>
      sameLookingNames(typed, nameSkeletonKeys(row.firstName, row.lastName)),
    );
    if (same.length > 0)
      sameChild.push(
        inArray(
          joinRequests.id,
          same.map((row) => row.id),
        ),
      );
  }
  if (deviceId) sameChild.push(eq(joinRequests.deviceId, deviceId));
  if (sameChild.length === 0) return;
  await tx
    .update(joinRequests)
    .set({ expiresAt: now })
    .where(and(eq(joinRequests.status, "waiting"), gt(joinRequests.expiresAt, now), or(...sameChild)));
}

/** A student of the class list, names as the roster spells them. */
export type RosteredStudent = Pick<typeof students.$inferSelect, "id" | "firstName" | "lastName">;

/** The class list's names, by id. */
export function readRoster(tx: Tx, classId: number): Promise<RosteredStudent[]> {
  return tx
    .select(studentNameFields(students))
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(eq(classStudents.classId, classId))
    .orderBy(students.id);
}

/** The listed student whose name looks the same as the typed one (the lowest id), or null. */
export function sameLookingStudent(
  roster: RosteredStudent[],
  firstName: string,
  lastName: string,
): RosteredStudent | null {
  const typed = nameSkeletonKeys(firstName, lastName);
  return (
    roster.find((student) => sameLookingNames(typed, nameSkeletonKeys(student.firstName, student.lastName))) ?? null
  );
}

/**
 * True once somebody is this student in this class: a token was ever issued
 * for them there (revoked or expired ones too), the teacher admitted a device
 * as them, or they have answers there. Such a
 * student is never taken again from a name alone.
 */
export async function isClaimed(tx: Db | Tx, classId: number, studentId: number): Promise<boolean> {
  const [token] = await tx
    .select({ id: studentTokens.id })
    .from(studentTokens)
    .where(and(eq(studentTokens.studentId, studentId), eq(studentTokens.classId, classId)))
    .limit(1);
  if (token) return true;
  const [admitted] = await tx
    .select({ id: joinRequests.id })
    .from(joinRequests)
    .where(
      and(
        eq(joinRequests.studentId, studentId),
        eq(joinRequests.classId, classId),
        inArray(joinRequests.status, ["admitted", "collected"]),
      ),
    )
    .limit(1);
  if (admitted) return true;
  const [answer] = await tx
    .select({ id: responses.id })
    .from(responses)
    .innerJoin(assignments, eq(assignments.id, responses.assignmentId))
    .where(and(eq(assignments.classId, classId), eq(responses.studentId, studentId)))
    .limit(1);
  return Boolean(answer);
}

/** The device becomes the student: a token, the student seen now, the join recorded. */
export async function admitStudent(
  tx: Tx,
  live: { id: number | null; classId: number; className: string; classSourcedId: string | null; schoolId: number },
  studentId: number,
  typed: { firstName: string; lastName: string },
  tokenKind: StudentTokenKind,
  now: Date,
  via: "first-claim" | "new-name" | "personal-code" | "card" | "admitted",
): Promise<Joined> {
  await tx.update(students).set({ lastSeenAt: now }).where(eq(students.id, studentId));
  if (live.id !== null) {
    await tx
      .update(classStudents)
      .set({ joinedWithCodeId: live.id })
      .where(and(eq(classStudents.classId, live.classId), eq(classStudents.studentId, studentId)));
  }
  const token = await issueStudentToken(tx, { studentId, classId: live.classId, kind: tokenKind }, now);
  await recordStudentAuditEvent(tx, studentId, {
    action: "student.join",
    targetType: "class",
    targetId: live.classId,
    schoolId: live.schoolId,
    details: {
      classCodeId: live.id,
      newStudent: via === "new-name",
      via,
      tokenKind,
      ...(await openAnonymousSurveysDetail(tx, live.classId)),
    },
  });
  return {
    status: "joined",
    token,
    studentId,
    student: typed,
    class: { id: live.classId, name: live.className, sourcedId: live.classSourcedId },
  };
}

async function joinWithPersonalCode(
  db: Db,
  live: CardClass,
  personalCode: string,
  tokenKind: StudentTokenKind,
  now: Date,
): Promise<Joined | null> {
  return db.transaction(async (tx) => {
    const [student] = await tx
      .select(studentNameFields(students))
      .from(classStudents)
      .innerJoin(students, eq(students.id, classStudents.studentId))
      .where(
        and(
          eq(classStudents.classId, live.classId),
          eq(students.schoolId, live.schoolId),
          eq(students.personalCode, personalCode),
        ),
      )
      .limit(1);
    if (!student) return null;
    // The code proves who the child is, so the answer may carry the roster's spelling.
    const typed = { firstName: student.firstName, lastName: student.lastName };
    return admitStudent(tx, live, student.id, typed, tokenKind, now, "personal-code");
  });
}

/** A join request the teacher answers; the device keeps the secret (only its hash is stored). */
async function holdForTeacher(
  tx: Tx,
  live: LiveCode,
  request: { firstName: string; lastName: string; studentId: number | null },
  input: Pick<JoinInput, "deviceId" | "tokenKind" | "userAgent">,
  now: Date,
): Promise<JoinWaiting> {
  const deviceId = input.deviceId && DEVICE_ID_PATTERN.test(input.deviceId) ? input.deviceId : null;
  await replaceOlderRequests(tx, live.classId, request, deviceId, now);
  await assertRoomToWait(tx, live.classId, request.studentId === null, now);
  const device = deviceHint(input.userAgent);
  const tokenKind = input.tokenKind;
  const requestSecret = `${JOIN_REQUEST_SECRET_PREFIX}${newToken()}`;
  const expiresAt = new Date(now.getTime() + JOIN_REQUEST_LIFETIME_MS);
  const [row] = await tx
    .insert(joinRequests)
    .values({
      classId: live.classId,
      studentId: request.studentId,
      firstName: request.firstName,
      lastName: request.lastName,
      secretHash: hashToken(requestSecret),
      tokenKind,
      status: "waiting",
      classCodeId: live.id,
      expiresAt,
      createdAt: now,
      deviceId,
      deviceBrowser: device.browser,
      deviceSystem: device.system,
      lastSeenAt: now,
    })
    .returning({ id: joinRequests.id });
  await recordStudentAuditEvent(tx, null, {
    action: "student.join_request",
    targetType: "class",
    targetId: live.classId,
    schoolId: live.schoolId,
    details: { classCodeId: live.id, joinRequestId: row.id, rostered: request.studentId !== null, tokenKind },
  });
  return {
    status: "waiting",
    requestSecret,
    expiresAt,
    class: { id: live.classId, name: live.className, sourcedId: live.classSourcedId },
  };
}
