/**
 * The rules school IT expects of a provider sign-in (ADR 211):
 *
 * - An account is found by the provider's issuer and subject (for Microsoft
 *   the tenant's issuer and the object id `oid`), never by the e-mail alone.
 * - A first sign-in links to a staff member an admin already made with that
 *   e-mail only when the provider says the e-mail is verified (Google
 *   `email_verified`; Microsoft `xms_edov`, else unverified) and it belongs to
 *   the school (Google `hd` = schools.googleDomain; Microsoft `tid` =
 *   schools.microsoftTenantId). Otherwise nothing is made and the person is
 *   told to ask the school's admin.
 * - A school can require its provider: then passwords are refused for its
 *   staff (never for the platform admin, who has no school).
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { IDToken } from "openid-client";
import type { ProviderRefusalKind } from "~/lib/provider-problem";
import { recordAuditEvent } from "../audit/audit.server";
import { isUniqueViolation } from "../classes/unique-violation.server";
import type { OidcProviderConfig } from "../config.server";
import type { Db, Tx } from "../db/client.server";
import { credentials, schools, sessions, userIdentities, users } from "../db/schema.server";
import { DomainError } from "../errors.server";
import { type Say, withSaying } from "../i18n/refusal-text.server";
import { enforceRateLimits, RATE_LIMITS, refundRateLimitHits } from "../security/rate-limit.server";

/** Our rules found nobody to sign in: the kind, and what to do (in any language: `sayRefusal`, ADR 227). */
export class ProviderSignInRefused extends DomainError {
  constructor(
    readonly kind: ProviderRefusalKind,
    say: (t: Say) => string,
    /** The school the identity belongs to, where one is known: its admin sees the refusal in the audit log. */
    readonly schoolId: number | null = null,
    /** The e-mail the provider sent, for that audit event (never logged). */
    readonly email: string | null = null,
  ) {
    super("FORBIDDEN", "");
    withSaying(this, say);
  }
}

function claimString(claims: IDToken, name: string): string | null {
  const value = claims[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** The identity's key: issuer and subject; for Microsoft the tenant's issuer and the object id (ADR 211). */
export function identityKey(provider: Pick<OidcProviderConfig, "id">, claims: IDToken) {
  const subject = provider.id === "microsoft" ? (claimString(claims, "oid") ?? claims.sub) : claims.sub;
  return { issuer: claims.iss, subject };
}

/** Whether the provider vouches for the e-mail: Microsoft sends `xms_edov` (an optional claim), never `email_verified`. */
export function emailIsVerified(provider: Pick<OidcProviderConfig, "id">, claims: IDToken): boolean {
  if (provider.id === "microsoft") return claims.xms_edov === true || claims.xms_edov === "1" || claims.xms_edov === 1;
  return claims.email_verified === true || claims.email_verified === "true";
}

/** The school claim the provider sent: Google's hosted domain, Microsoft's tenant id. */
function schoolClaim(provider: Pick<OidcProviderConfig, "id">, claims: IDToken): string | null {
  if (provider.id === "google") return claimString(claims, "hd")?.toLowerCase() ?? null;
  if (provider.id === "microsoft") return claimString(claims, "tid")?.toLowerCase() ?? null;
  return null;
}

const ASK_ADMIN = "Ask your school's admin to add you, or to check the school's sign-in settings.";

/**
 * Finds the staff member for a validated ID token, linking a first sign-in by
 * the rules above; records the sign-in in the audit log. Sign-ins that find
 * nobody count against the provider identity that tried (issuer and subject),
 * as wrong passwords count against the account: never against the address, so
 * other people's failures (pupils' personal accounts at the school's NAT)
 * never refuse a staff member's own identity (ADR 236, issue #35). The hit is
 * taken before the look-up and given back when someone is found. Returns the
 * user id.
 */
export async function signInWithProvider(
  db: Db,
  provider: Pick<OidcProviderConfig, "id" | "name">,
  claims: IDToken,
): Promise<number> {
  const key = identityKey(provider, claims);
  const hits = await enforceRateLimits(
    db,
    [{ key: providerSignInKey(key), rule: RATE_LIMITS.providerSignInFailuresPerIdentity }],
    "Too many sign-in attempts.",
  );
  const [known] = await db
    .select({ id: userIdentities.id, userId: userIdentities.userId, schoolId: users.schoolId })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, key.issuer), eq(userIdentities.subject, key.subject)))
    .limit(1);
  if (known) {
    await db.transaction(async (tx) => {
      await tx.update(userIdentities).set({ lastSignInAt: new Date() }).where(eq(userIdentities.id, known.id));
      await recordAuditEvent(tx, { id: known.userId }, signInEvent(provider, known.userId, known.schoolId, false));
    });
    await refundRateLimitHits(db, hits);
    return known.userId;
  }
  const userId = await linkFirstSignIn(db, provider, claims, key);
  await refundRateLimitHits(db, hits);
  return userId;
}

/** The rate_limits key of one provider identity's sign-ins that found nobody. */
export function providerSignInKey(identity: { issuer: string; subject: string }): string {
  return `provider-sign-in:identity:${identity.issuer} ${identity.subject}`;
}

function signInEvent(
  provider: Pick<OidcProviderConfig, "id">,
  userId: number,
  schoolId: number | null,
  linked: boolean,
) {
  return {
    action: "user.sign_in_provider",
    targetType: "user",
    targetId: userId,
    schoolId,
    details: { provider: provider.id, linked },
  };
}

async function linkFirstSignIn(
  db: Db,
  provider: Pick<OidcProviderConfig, "id" | "name">,
  claims: IDToken,
  key: { issuer: string; subject: string },
): Promise<number> {
  const email = claimString(claims, "email")?.toLowerCase() ?? null;
  const claim = schoolClaim(provider, claims);
  // The school the identity belongs to: Google's domain or Microsoft's tenant; for the deployment's own provider any.
  let schoolId: number | null = null;
  if (provider.id !== "oidc") {
    const column = provider.id === "google" ? schools.googleDomain : schools.microsoftTenantId;
    const [school] = claim
      ? await db
          .select({ id: schools.id })
          .from(schools)
          .where(eq(sql`lower(${column})`, claim))
          .limit(1)
      : [];
    schoolId = school?.id ?? null;
  }
  if (!email) {
    throw new ProviderSignInRefused(
      "no-email",
      (t) =>
        `${t("{provider} did not tell us your e-mail address, so we cannot find your account.", { provider: provider.name })} ${t(ASK_ADMIN)}`,
      schoolId,
    );
  }
  if (provider.id !== "oidc" && schoolId === null) {
    throw new ProviderSignInRefused(
      "wrong-school",
      provider.id === "google"
        ? (t) =>
            t(
              "Your Google account {email} is not from a school's Google Workspace domain that is connected here. Use your school account, or ask your school's admin to enter the school's Google domain.",
              { email },
            )
        : (t) =>
            t(
              "Your Microsoft account {email} is not from a school's Microsoft tenant that is connected here. Use your school account, or ask your school's admin to enter the school's Microsoft tenant id.",
              { email },
            ),
      null,
      email,
    );
  }
  // Staff of a school only: the platform admin (no school) keeps a password (ADR 211).
  const [staff] = await db
    .select({ id: users.id, schoolId: users.schoolId, emailVerified: users.emailVerified })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email),
        schoolId === null ? isNotNull(users.schoolId) : eq(users.schoolId, schoolId),
      ),
    )
    .limit(1);
  if (!emailIsVerified(provider, claims)) {
    throw new ProviderSignInRefused(
      "unverified",
      staff
        ? // Already on the staff: nobody needs to add them; the provider must vouch for the address.
          (t) =>
            t(
              "{provider} has not confirmed that {email} is yours, so we cannot link it to your staff account. Ask whoever runs {provider} accounts at your school to confirm the address, then try again.",
              { provider: provider.name, email },
            )
        : (t) =>
            `${t("{provider} has not confirmed that {email} is yours, so we cannot link it to a staff account.", { provider: provider.name, email })} ${t(ASK_ADMIN)}`,
      staff?.schoolId ?? schoolId,
      email,
    );
  }
  if (!staff) {
    throw new ProviderSignInRefused(
      "unknown",
      (t) => `${t("There is no staff account for {email} at your school yet.", { email })} ${t(ASK_ADMIN)}`,
      schoolId,
      email,
    );
  }
  try {
    await db.transaction(async (tx) => {
      await tx.insert(userIdentities).values({
        userId: staff.id,
        provider: provider.id,
        issuer: key.issuer,
        subject: key.subject,
        tenant: claim,
        email,
        lastSignInAt: new Date(),
      });
      if (!staff.emailVerified) await takeOverUnconfirmedAccount(tx, staff);
      await recordAuditEvent(tx, { id: staff.id }, signInEvent(provider, staff.id, staff.schoolId, true));
    });
  } catch (error) {
    // The same identity linked a moment ago by another tab: sign in as it.
    if (!isUniqueViolation(error)) throw error;
    const [row] = await db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, key.issuer), eq(userIdentities.subject, key.subject)))
      .limit(1);
    if (!row) throw error;
    return row.userId;
  }
  return staff.id;
}

/**
 * A first link to an account whose e-mail was never confirmed (issue 35.5):
 * whoever chose its password may not be the e-mail's owner (anybody can sign
 * up with anybody's address), and the provider has just vouched that this
 * person is. So the password goes and every session ends, before the owner is
 * signed in: the stranger's password never opens the owner's account. The
 * e-mail counts as confirmed from now on. Audited when a password went.
 */
async function takeOverUnconfirmedAccount(tx: Tx, staff: { id: number; schoolId: number | null }): Promise<void> {
  const removed = await tx
    .delete(credentials)
    .where(eq(credentials.userId, staff.id))
    .returning({ userId: credentials.userId });
  await tx.delete(sessions).where(eq(sessions.userId, staff.id));
  await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, staff.id));
  if (removed.length > 0) {
    await recordAuditEvent(
      tx,
      { id: staff.id },
      {
        action: "user.unconfirmed_password_removed",
        targetType: "user",
        targetId: staff.id,
        schoolId: staff.schoolId,
        details: {},
      },
    );
  }
}

/** The providers a school's staff sign in with, by name, when the school requires its provider; null when it does not. */
export async function requiredProviderFor(db: Db | Tx, userId: number, configured: readonly OidcProviderConfig[]) {
  const [row] = await db
    .select({
      schoolName: schools.name,
      require: schools.requireProviderSignIn,
      googleDomain: schools.googleDomain,
      microsoftTenantId: schools.microsoftTenantId,
    })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.require) return null;
  const names = schoolProviders(row, configured).map((p) => p.name);
  // With none of its providers configured here, the password stays the way in (ADR 211).
  if (names.length === 0) return null;
  return { schoolName: row.schoolName, names };
}

/**
 * The configured providers a school's staff can sign in with: Google with the
 * school's domain, Microsoft with its tenant, and the deployment's own
 * (generic) provider, which links by verified e-mail alone.
 */
export function schoolProviders(
  school: { googleDomain: string | null; microsoftTenantId: string | null },
  configured: readonly OidcProviderConfig[],
): OidcProviderConfig[] {
  return configured.filter(
    (p) =>
      (p.id === "google" && school.googleDomain) ||
      (p.id === "microsoft" && school.microsoftTenantId) ||
      p.id === "oidc",
  );
}

/** What a refused password says: how this school's staff sign in (in the translator's language: the buttons' own words). */
export function providerOnlyMessage(required: { schoolName: string; names: string[] }, t: Say): string {
  const buttons = required.names
    .map((name) => `"${t("Sign in with {provider}", { provider: name })}"`)
    .join(` ${t("or")} `);
  return buttons
    ? t(
        "{school} asks its staff to sign in through the school's account, not with a password. Use {buttons} on the sign-in page.",
        { school: required.schoolName, buttons },
      )
    : t(
        "{school} asks its staff to sign in through the school's account, not with a password. Ask your school's admin how to sign in.",
        { school: required.schoolName },
      );
}

/** A password refused because the school requires its provider: says how to sign in, in any language. */
export function providerOnlyRefusal(required: { schoolName: string; names: string[] }): DomainError {
  return withSaying(new DomainError("FORBIDDEN", ""), (t) => providerOnlyMessage(required, t));
}
