/**
 * Account rules: sign-in, sign-up, password change and reset, e-mail
 * verification, profile update and account deletion. Routes and the
 * /api/auth endpoints both call these.
 */
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";
import type { signUpSchema } from "~/lib/schemas/auth";
import type { ChangePasswordInput } from "~/lib/schemas/password";
import { releaseTeacherFromClasses } from "../classes/class-owner.server";
import type { OidcProviderConfig } from "../config.server";
import type { Db, Tx } from "../db/client.server";
import {
  auditEvents,
  credentials,
  schools,
  users,
  type VerificationPurpose,
  verificationTokens,
} from "../db/schema.server";
import { badRequest, DomainError, forbidden, unauthorized } from "../errors.server";
import { translatorFor } from "../i18n/i18n.server";
import type { Mailer } from "../mail/mailer.server";
import { checkInvitationToken, countInvitationUse } from "../schools/invitations.server";
import { createSelfSchool } from "../schools/self-schools.server";
import {
  enforceRateLimits,
  hitRateLimit,
  RATE_LIMITS,
  type RateLimitHit,
  refundRateLimitHits,
} from "../security/rate-limit.server";
import type { CurrentUser } from "./current-user.server";
import type { DeviceEntry } from "./device-cookie.server";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.server";
import { providerOnlyMessage, providerOnlyRefusal, requiredProviderFor } from "./provider-sign-in.server";
import { hashToken, newToken, revokeAllSessions, revokeOtherSessions } from "./session.server";

/** What the account rules that send mail need: the database and the app's mailer (links on the public origin). */
export interface MailingServices {
  db: Db;
  mailer: Mailer;
}

export const INVALID_CREDENTIALS = "Invalid email or password.";
export const WRONG_CURRENT_PASSWORD = "Invalid password: the current password is not correct.";

const HOUR = 3_600_000;
const TOKEN_TTL: Record<VerificationPurpose, number> = {
  "verify-email": 48 * HOUR,
  "reset-password": 1 * HOUR,
  invite: 7 * 24 * HOUR,
};

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function findUserWithHash(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, status: users.status, passwordHash: credentials.passwordHash })
    .from(users)
    .leftJoin(credentials, eq(credentials.userId, users.id))
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)))
    .limit(1);
  return row ?? null;
}

/**
 * Checks e-mail and password; one generic message for either being wrong.
 * Returns the user id.
 *
 * Wrong passwords are slowed, never the right one (ADR 195): every attempt
 * takes its hit before the password is checked (parallel guesses cannot all
 * pass a count of zero) and the right password gives its hits back. A
 * browser that signed in to this account before (`knownDevices`, from its
 * device cookie) counts only against itself; any other browser counts
 * against the account and the address.
 *
 * Staff of a school that requires its sign-in provider are refused even with
 * the right password, with a message saying how to sign in (ADR 211); the
 * check comes after the password, so it tells nothing to someone without it.
 * `providers` are the deployment's configured ones.
 */
export async function verifyCredentials(
  db: Db,
  input: { email: string; password: string },
  clientAddress: string | null,
  knownDevices: readonly DeviceEntry[] = [],
  providers: readonly OidcProviderConfig[] = [],
): Promise<number> {
  const email = normaliseEmail(input.email);
  const user = await findUserWithHash(db, email);
  const device = user ? knownDevices.find((entry) => entry.userId === user.id) : undefined;
  let hits: RateLimitHit[] | null = null;
  if (device) {
    const key = `sign-in:device:${device.deviceId}`;
    const result = await hitRateLimit(db, key, RATE_LIMITS.signInPerDevice);
    // Past its own limit the browser is treated as a stranger's.
    if (result.allowed) hits = [{ key, windowStart: result.windowStart }];
  }
  hits ??= await enforceRateLimits(
    db,
    [
      { key: `sign-in:email:${email}`, rule: RATE_LIMITS.signInPerEmail },
      { key: clientAddress ? `sign-in:ip:${clientAddress}` : null, rule: RATE_LIMITS.signInPerIp },
    ],
    "Too many sign-in attempts.",
  );
  if (!user?.passwordHash) {
    await verifyAgainstDummy(input.password);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) throw unauthorized(INVALID_CREDENTIALS);
  await refundRateLimitHits(db, hits);
  const required = await requiredProviderFor(db, user.id, providers);
  if (required) throw providerOnlyRefusal(required);
  return user.id;
}

/** Creates a single-use token for the user; only its hash is stored. Returns the raw token. */
export async function createVerificationToken(db: Db, userId: number, purpose: VerificationPurpose): Promise<string> {
  const token = newToken();
  await db.insert(verificationTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_TTL[purpose]),
  });
  return token;
}

/**
 * Links that can set a password (reset and invitation) stop working once the
 * password changes: a link mailed before the change, or one an attacker got
 * hold of, must not set the password again. Verification links stay: they
 * only mark the address confirmed and grant nothing. Called inside the
 * transaction that writes the new password hash, by every path that does.
 */
async function cancelPasswordLinks(tx: Tx, userId: number): Promise<void> {
  await tx
    .delete(verificationTokens)
    .where(
      and(
        eq(verificationTokens.userId, userId),
        inArray(verificationTokens.purpose, ["reset-password", "invite"]),
        isNull(verificationTokens.usedAt),
      ),
    );
}

/** Whether a link's token can still be used, without using it: null when valid, else a clear message. */
export async function tokenProblem(
  db: Db,
  token: string,
  purposes: VerificationPurpose[],
  what: string,
): Promise<string | null> {
  const rows = await db
    .select()
    .from(verificationTokens)
    .where(eq(verificationTokens.tokenHash, hashToken(token)))
    .limit(1);
  const row = rows.find((r) => purposes.includes(r.purpose));
  if (!row) return `This ${what} link is not valid. Ask for a new one.`;
  if (row.usedAt) return `This ${what} link has already been used. Ask for a new one.`;
  if (row.expiresAt.getTime() <= Date.now()) return `This ${what} link has expired. Ask for a new one.`;
  return null;
}

/** Marks a token used and returns its user, or throws a clear message when used or expired. */
async function consumeToken(db: Db, token: string, purpose: VerificationPurpose, what: string): Promise<number> {
  const [row] = await db
    .select()
    .from(verificationTokens)
    .where(and(eq(verificationTokens.tokenHash, hashToken(token)), eq(verificationTokens.purpose, purpose)))
    .limit(1);
  if (!row) throw badRequest(`This ${what} link is not valid. Ask for a new one.`);
  if (row.usedAt) throw badRequest(`This ${what} link has already been used. Ask for a new one.`);
  if (row.expiresAt.getTime() <= Date.now()) throw badRequest(`This ${what} link has expired. Ask for a new one.`);
  const claimed = await db
    .update(verificationTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationTokens.id, row.id),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: verificationTokens.userId });
  if (claimed.length === 0) throw badRequest(`This ${what} link has already been used. Ask for a new one.`);
  return claimed[0].userId;
}

/** In the language the sign-up page was read in (the new account has no choice of its own yet). */
export async function sendVerificationEmail(
  { db, mailer }: MailingServices,
  user: { id: number; email: string; name: string },
  language: string = DEFAULT_LANGUAGE,
) {
  const t = translatorFor(language, "staff");
  const token = await createVerificationToken(db, user.id, "verify-email");
  const link = mailer.link(`/verify-email?token=${encodeURIComponent(token)}`);
  await mailer.send(db, {
    to: user.email,
    subject: t(VERIFY_SUBJECT),
    text: `${t(VERIFY_TEXT, { name: user.name, link })}\n`,
  });
}

/*
 * The account mails' texts (staff catalogue, ADR 227), each in its recipient's
 * language: their own choice, else their school's, else the language the page
 * that sent it was read in.
 */
export const VERIFY_SUBJECT = "Confirm your e-mail address for Orliverse Classroom";
export const VERIFY_TEXT =
  "Hello {name},\n\nPlease confirm your e-mail address by opening this link:\n{link}\n\nThe link works for 48 hours. If you did not create an account, you can ignore this message.";
export const SIGN_UP_TAKEN_SUBJECT = "Someone tried to create an Orliverse Classroom account with your address";
export const SIGN_UP_TAKEN_TEXT =
  "Hello {name},\n\nSomeone tried to create a new Orliverse Classroom account with this e-mail address. You already have an account, so nothing was changed.\n\nIf it was you, sign in here:\n{loginLink}\n\nForgot your password? Choose a new one here:\n{resetLink}\n\nIf it was not you, you can ignore this message.";
export const PROVIDER_ONLY_SUBJECT = "How to sign in to Orliverse Classroom";
export const PROVIDER_ONLY_TEXT =
  "Hello {name},\n\nSomeone asked to reset the password for this account. {howToSignIn}\n\n{link}\n\nIf it was not you, you can ignore this message.";
export const RESET_SUBJECT = "Reset your Orliverse Classroom password";
export const RESET_TEXT =
  "Hello {name},\n\nSomeone asked to reset the password for this account. To choose a new password, open this link:\n{link}\n\nThe link works for one hour and only once. If it was not you, ignore this message; your password stays the same.";

/** A user's own language, else their school's (null: neither chose one). */
async function recipientLanguage(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ own: users.locale, school: schools.locale })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.own ?? row?.school ?? null;
}

/** What a sign-up answers, whether the address was new or already had an account (ADR 196). */
export const SIGN_UP_DONE_MESSAGE =
  "Thank you! We sent you an e-mail. Open it to confirm your address, then sign in with your new password.";

/** What /signup and the API answer when the deployment has public sign-up off (PUBLIC_SIGNUP=off, ADR 214). */
export const SIGN_UP_CLOSED_MESSAGE =
  "You cannot create an account here yourself. Ask your school's admin for an invitation link or an account.";

export interface SignUpOptions {
  /** The token of a school's invitation link: the teacher joins that school (ADR 214). */
  invitationToken?: string | null;
  /** The deployment's PUBLIC_SIGNUP; when false only an invitation link can sign up. Default true. */
  publicSignUp?: boolean;
  /** The sign-up page's language: the confirmation mail's (default English). */
  language?: string;
}

/**
 * A new teacher account. Through a school's invitation link the teacher
 * joins that school; otherwise (public sign-up) they get a school of their
 * own, so they can make their first class at once (ADR 213). The answer is
 * the same whether the address is new or already has an account, and so is
 * the request's work (its limits and a password hash): the account is made,
 * and the mail sent, after the answer (mailer.afterAnswer). A taken address
 * gets no account; its owner is mailed instead, with a way to sign in or
 * reset (ADR 196). A link that does not work, or public sign-up switched
 * off, is refused before anything is counted.
 */
export async function signUp(
  services: MailingServices,
  input: z.infer<typeof signUpSchema>,
  clientAddress: string | null,
  options: SignUpOptions = {},
): Promise<void> {
  const { db, mailer } = services;
  const email = normaliseEmail(input.email);
  const invitationToken = options.invitationToken ?? null;
  if (invitationToken !== null) {
    const invitation = await checkInvitationToken(db, invitationToken);
    if (!invitation.ok) throw badRequest(invitation.problem);
  } else if (options.publicSignUp === false) {
    throw forbidden(SIGN_UP_CLOSED_MESSAGE);
  }
  await enforceRateLimits(
    db,
    [
      { key: `sign-up:email:${email}`, rule: RATE_LIMITS.signUpPerEmail },
      { key: clientAddress ? `sign-up:ip:${clientAddress}` : null, rule: RATE_LIMITS.signUpPerIp },
    ],
    "Too many sign-ups from this network.",
  );
  const passwordHash = await hashPassword(input.password);
  mailer.afterAnswer(async () => {
    const created = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
        .limit(1);
      if (existing) return { existing, userId: null };
      let school: { id: number; invitationId: number | null };
      if (invitationToken !== null) {
        // Checked again under a lock: a link revoked or expired since the answer signs nobody up.
        const invitation = await checkInvitationToken(tx, invitationToken, { lock: true });
        if (!invitation.ok) return { existing: null, userId: null };
        await countInvitationUse(tx, invitation.invitationId);
        school = { id: invitation.schoolId, invitationId: invitation.invitationId };
      } else {
        school = {
          id: (await createSelfSchool(tx, input.name, options.language ?? DEFAULT_LANGUAGE)).id,
          invitationId: null,
        };
      }
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email, role: "teacher", schoolId: school.id })
        .returning({ id: users.id });
      await tx.insert(credentials).values({ userId: user.id, passwordHash });
      await tx.insert(auditEvents).values({
        actorUserId: user.id,
        action: "user.sign_up",
        targetType: "user",
        targetId: String(user.id),
        schoolId: school.id,
        details: school.invitationId === null ? { selfSignedUpSchool: true } : { invitationId: school.invitationId },
      });
      return { existing: null, userId: user.id };
    });
    if (created.existing) {
      const t = translatorFor(
        (await recipientLanguage(db, created.existing.id)) ?? options.language ?? DEFAULT_LANGUAGE,
        "staff",
      );
      await mailer.send(db, {
        to: created.existing.email,
        subject: t(SIGN_UP_TAKEN_SUBJECT),
        text: `${t(SIGN_UP_TAKEN_TEXT, { name: created.existing.name, loginLink: mailer.link("/login"), resetLink: mailer.link("/forgot-password") })}\n`,
      });
      return;
    }
    if (created.userId !== null) {
      await sendVerificationEmail(services, { id: created.userId, email, name: input.name }, options.language);
    }
  });
}

/**
 * Confirms a signed-in user's own password (password change, account
 * deletion). Wrong ones are slowed per account, so a borrowed session
 * cannot guess the password; the right one gives its hit back (ADR 195).
 */
async function checkOwnPassword(
  db: Db,
  userId: number,
  password: string,
  /** The input's name for the password, where a wrong one's message belongs. */
  field: "currentPassword" | "password",
): Promise<void> {
  const hits = await enforceRateLimits(
    db,
    [{ key: `password-check:user:${userId}`, rule: RATE_LIMITS.passwordCheckPerAccount }],
    "Too many wrong passwords.",
  );
  const [row] = await db.select().from(credentials).where(eq(credentials.userId, userId)).limit(1);
  if (!row || !(await verifyPassword(password, row.passwordHash))) {
    throw new DomainError("BAD_REQUEST", WRONG_CURRENT_PASSWORD, { [field]: [WRONG_CURRENT_PASSWORD] });
  }
  await refundRateLimitHits(db, hits);
}

/**
 * Changes the actor's password: checks the current one, applies the rules of
 * docs/product.md#change-password (already parsed), cancels the user's outstanding reset and invitation
 * links and always revokes the user's other sessions.
 */
export async function changePassword(
  db: Db,
  actor: Pick<CurrentUser, "id">,
  currentSessionId: string,
  input: ChangePasswordInput,
): Promise<void> {
  await checkOwnPassword(db, actor.id, input.currentPassword, "currentPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(credentials).set({ passwordHash, updatedAt: new Date() }).where(eq(credentials.userId, actor.id));
    await cancelPasswordLinks(tx, actor.id);
    await tx.insert(auditEvents).values({
      actorUserId: actor.id,
      action: "user.change_password",
      targetType: "user",
      targetId: String(actor.id),
    });
  });
  // revokeOtherSessions is always true (docs/product.md#change-password-dialog).
  await revokeOtherSessions(db, actor.id, currentSessionId);
}

/**
 * Sends a reset link when the e-mail is known; the caller answers the same
 * either way, and in the same time: the look-up, the link and the mail run
 * after the answer (mailer.afterAnswer, ADR 196), so the request does the
 * same work (its rate limits) for a known and an unknown address.
 */
export async function requestPasswordReset(
  { db, mailer }: MailingServices,
  emailInput: string,
  clientAddress: string | null,
  providers: readonly OidcProviderConfig[] = [],
  /** The page's language: the mail's when the user and their school chose none. */
  language: string = DEFAULT_LANGUAGE,
): Promise<void> {
  const email = normaliseEmail(emailInput);
  const ip = clientAddress;
  await enforceRateLimits(
    db,
    [
      { key: `reset:email:${email}`, rule: RATE_LIMITS.passwordResetPerEmail },
      { key: ip ? `reset:ip:${ip}` : null, rule: RATE_LIMITS.passwordResetPerIp },
    ],
    "Too many password reset requests.",
  );
  mailer.afterAnswer(async () => {
    const [user] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    if (!user) return;
    const t = translatorFor((await recipientLanguage(db, user.id)) ?? language, "staff");
    // A school that requires its provider: no reset link, but how to sign in (ADR 211).
    const required = await requiredProviderFor(db, user.id, providers);
    if (required) {
      await mailer.send(db, {
        to: user.email,
        subject: t(PROVIDER_ONLY_SUBJECT),
        text: `${t(PROVIDER_ONLY_TEXT, { name: user.name, howToSignIn: providerOnlyMessage(required, t), link: mailer.link("/login") })}\n`,
      });
      return;
    }
    const token = await createVerificationToken(db, user.id, "reset-password");
    const link = mailer.link(`/reset-password?token=${encodeURIComponent(token)}`);
    await mailer.send(db, {
      to: user.email,
      subject: t(RESET_SUBJECT),
      text: `${t(RESET_TEXT, { name: user.name, link })}\n`,
    });
  });
}

/**
 * Sets a new password from a reset (or invitation) link, cancels the user's
 * other reset and invitation links, and signs the user out everywhere.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; newPassword: string },
  providers: readonly OidcProviderConfig[] = [],
): Promise<number> {
  const passwordHash = await hashPassword(input.newPassword);
  const userId = await db.transaction(async (tx) => {
    let id: number;
    try {
      id = await consumeToken(tx, input.token, "reset-password", "password reset");
    } catch (error) {
      // An invitation link sets the first password the same way.
      try {
        id = await consumeToken(tx, input.token, "invite", "invitation");
      } catch {
        throw error;
      }
    }
    // A link mailed before the school required its provider sets no password now (ADR 211).
    const required = await requiredProviderFor(tx, id, providers);
    if (required) throw providerOnlyRefusal(required);
    await tx
      .insert(credentials)
      .values({ userId: id, passwordHash })
      .onConflictDoUpdate({ target: credentials.userId, set: { passwordHash, updatedAt: new Date() } });
    await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, id));
    await cancelPasswordLinks(tx, id);
    await tx
      .insert(auditEvents)
      .values({ actorUserId: id, action: "user.reset_password", targetType: "user", targetId: String(id) });
    return id;
  });
  await revokeAllSessions(db, userId);
  return userId;
}

export async function verifyEmail(db: Db, token: string): Promise<number> {
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, "verify-email", "verification");
    await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
    return userId;
  });
}

export async function updateOwnProfile(
  db: Db,
  actor: Pick<CurrentUser, "id">,
  input: { name?: string; image?: string | null },
): Promise<void> {
  if (input.name === undefined && input.image === undefined) return;
  await db
    .update(users)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.image !== undefined ? { image: input.image } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, actor.id));
}

export interface AccountDeletion {
  /** Classes this user taught: they stay, with their students, answers and other teachers. */
  classesKept: number;
  /** Always 0: a deletion that would leave a class without a teacher is refused (ADR 112). Kept for clients that read it. */
  classesWithoutTeacher: number;
  /** What happened, for the confirmation the user sees. */
  message: string;
}

/**
 * Deletes the actor's own account after confirming the password. Sessions
 * and credentials go with it; classes stay, with students and answers, and
 * with their other teachers (ownership passes on). A teacher who is the
 * only teacher of a class is refused (409, naming the classes) until
 * someone else teaches it: no class is left without a teacher (ADR 112).
 */
export async function deleteOwnAccount(
  db: Db,
  actor: Pick<CurrentUser, "id" | "name" | "schoolId">,
  password: string,
): Promise<AccountDeletion> {
  await checkOwnPassword(db, actor.id, password, "password");
  return db.transaction(async (tx) => {
    const left = await releaseTeacherFromClasses(tx, actor, "delete-own-account");
    // Sessions and credentials cascade with the user.
    await tx.delete(users).where(eq(users.id, actor.id));
    await tx.insert(auditEvents).values({
      actorUserId: null,
      action: "user.delete",
      targetType: "user",
      targetId: String(actor.id),
      schoolId: actor.schoolId,
      details: { classesKept: left.length, classesWithoutTeacher: 0 },
    });
    const message =
      left.length === 0
        ? "Your account, sessions and password were deleted."
        : `Your account, sessions and password were deleted. Your ${left.length === 1 ? "class stays" : `${left.length} classes stay`}, with their students, answers and other teachers; you were removed as teacher.`;
    return { classesKept: left.length, classesWithoutTeacher: 0, message };
  });
}
