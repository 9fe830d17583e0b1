/**
 * The rules of a provider sign-in on a real database (ADR 211): identities
 * keyed on issuer and subject, first sign-ins linked only on a verified
 * e-mail of the school's domain or tenant, nothing made otherwise; passwords
 * and resets refused where a school requires its provider; the school's
 * sign-in settings (permissions, audit, conflicts). The browser flow against
 * a real provider is tests/e2e/oidc-sign-in.test.ts.
 */
import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { IDToken } from "openid-client";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { verifyCredentials } from "~/server/auth/accounts.server";
import { hashPassword } from "~/server/auth/password.server";
import { ProviderSignInRefused, providerSignInKey, signInWithProvider } from "~/server/auth/provider-sign-in.server";
import type { OidcProviderConfig } from "~/server/config.server";
import type { Db } from "~/server/db/client.server";
import {
  auditEvents,
  credentials,
  rateLimits,
  schools,
  sessions,
  userIdentities,
  users,
} from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import { translatorFor } from "~/server/i18n/i18n.server";
import { sayRefusal } from "~/server/i18n/refusal-text.server";
import { updateSchoolSignIn } from "~/server/schools/schools.server";
import { RATE_LIMITS } from "~/server/security/rate-limit.server";
import { createTestDatabase } from "../support/database";
import { actorOf, createSchool, createUser } from "../support/fixtures";

let db: Db;
const TENANT = "11111111-2222-3333-4444-555555555555";
const google: OidcProviderConfig = {
  id: "google",
  name: "Google",
  issuer: "https://accounts.google.com",
  clientId: "c",
  clientSecret: "s",
};
const microsoft: OidcProviderConfig = {
  id: "microsoft",
  name: "Microsoft",
  issuer: "https://login.microsoftonline.com/organizations/v2.0",
  clientId: "c",
  clientSecret: "s",
};
let riverside: typeof schools.$inferSelect;

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  riverside = await createSchool(db, { name: "Riverside" });
  await db
    .update(schools)
    .set({ googleDomain: "riverside.example", microsoftTenantId: TENANT })
    .where(eq(schools.id, riverside.id));
});

beforeEach(async () => {
  await db.delete(rateLimits);
});

const unique = () => randomBytes(4).toString("hex");

function googleToken(claims: Partial<IDToken> & Record<string, unknown>): IDToken {
  return {
    iss: "https://accounts.google.com",
    sub: unique(),
    aud: "c",
    iat: 0,
    exp: 0,
    ...claims,
  } as IDToken;
}

async function identitiesOf(userId: number) {
  return db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
}

test("a first Google sign-in with a verified e-mail of the school's domain links the staff member, and is audited", async () => {
  const teacher = await createUser(db, { schoolId: riverside.id, email: `ada.${unique()}@riverside.example` });
  const token = googleToken({ email: teacher.email.toUpperCase(), email_verified: true, hd: "riverside.example" });
  await expect(signInWithProvider(db, google, token)).resolves.toBe(teacher.id);
  const [identity] = await identitiesOf(teacher.id);
  expect(identity).toMatchObject({
    provider: "google",
    issuer: token.iss,
    subject: token.sub,
    tenant: "riverside.example",
  });
  const events = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "user.sign_in_provider"), eq(auditEvents.targetId, String(teacher.id))));
  expect(events).toHaveLength(1);
  expect(events[0].details).toEqual({ provider: "google", linked: true });
});

test("a returning user is found by issuer and subject, even when the provider's e-mail changed", async () => {
  const teacher = await createUser(db, { schoolId: riverside.id, email: `ben.${unique()}@riverside.example` });
  const sub = unique();
  await signInWithProvider(
    db,
    google,
    googleToken({ sub, email: teacher.email, email_verified: true, hd: "riverside.example" }),
  );
  const renamed = googleToken({ sub, email: "someone.else@elsewhere.example", email_verified: false });
  await expect(signInWithProvider(db, google, renamed)).resolves.toBe(teacher.id);
  expect(await identitiesOf(teacher.id)).toHaveLength(1);
});

test("the same e-mail from another subject does not reach an account that is linked: it links a second identity only by the same rules", async () => {
  const teacher = await createUser(db, { schoolId: riverside.id, email: `cy.${unique()}@riverside.example` });
  await signInWithProvider(
    db,
    google,
    googleToken({ email: teacher.email, email_verified: true, hd: "riverside.example" }),
  );
  const stranger = googleToken({ email: teacher.email, email_verified: true, hd: "elsewhere.example" });
  await expect(signInWithProvider(db, google, stranger)).rejects.toMatchObject({ kind: "wrong-school" });
  expect(await identitiesOf(teacher.id)).toHaveLength(1);
});

test.each([
  ["an unverified e-mail", { email_verified: false, hd: "riverside.example" }, "unverified"],
  ["no email_verified at all", { hd: "riverside.example" }, "unverified"],
  ["another domain", { email_verified: true, hd: "elsewhere.example" }, "wrong-school"],
  ["no hosted domain (a private Gmail account)", { email_verified: true }, "wrong-school"],
] as const)("a Google sign-in with %s links nothing and makes nothing", async (_name, claims, kind) => {
  const teacher = await createUser(db, { schoolId: riverside.id, email: `dee.${unique()}@riverside.example` });
  const before = await db.select().from(users);
  const error = await signInWithProvider(db, google, googleToken({ email: teacher.email, ...claims })).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderSignInRefused);
  expect(error).toMatchObject({ kind, status: 403 });
  expect(await identitiesOf(teacher.id)).toHaveLength(0);
  expect(await db.select().from(users)).toHaveLength(before.length);
});

test("a sign-in for an e-mail no staff member has is refused with who to ask, and makes no account", async () => {
  const email = `new.${unique()}@riverside.example`;
  const error = await signInWithProvider(
    db,
    google,
    googleToken({ email, email_verified: true, hd: "riverside.example" }),
  ).catch((e: unknown) => e);
  expect(error).toMatchObject({ kind: "unknown" });
  expect((error as Error).message).toContain("Ask your school's admin");
  expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
});

test("Microsoft: linked by tenant and object id when xms_edov vouches for the e-mail; without it the e-mail counts as unverified", async () => {
  const teacher = await createUser(db, { schoolId: riverside.id, email: `eve.${unique()}@riverside.example` });
  const oid = `oid-${unique()}`;
  const token = (extra: Record<string, unknown>) =>
    ({
      iss: `https://login.microsoftonline.com/${TENANT}/v2.0`,
      sub: `pairwise-${unique()}`,
      aud: "c",
      iat: 0,
      exp: 0,
      oid,
      tid: TENANT.toUpperCase(),
      email: teacher.email,
      ...extra,
    }) as IDToken;
  await expect(signInWithProvider(db, microsoft, token({}))).rejects.toMatchObject({ kind: "unverified" });
  await expect(signInWithProvider(db, microsoft, token({ email_verified: true }))).rejects.toMatchObject({
    kind: "unverified",
  });
  await expect(signInWithProvider(db, microsoft, token({ xms_edov: true }))).resolves.toBe(teacher.id);
  const [identity] = await identitiesOf(teacher.id);
  expect(identity).toMatchObject({ subject: oid, tenant: TENANT });
  // The key is the object id: another pairwise sub of the same person finds the same account.
  await expect(signInWithProvider(db, microsoft, token({}))).resolves.toBe(teacher.id);
  await expect(
    signInWithProvider(db, microsoft, token({ xms_edov: true, tid: "99999999-2222-3333-4444-555555555555", oid: "x" })),
  ).rejects.toMatchObject({ kind: "wrong-school" });
});

test("the platform admin (no school) is never linked through a provider", async () => {
  const admin = await createUser(db, { role: "admin", schoolId: null, email: `root.${unique()}@riverside.example` });
  await expect(
    signInWithProvider(db, google, googleToken({ email: admin.email, email_verified: true, hd: "riverside.example" })),
  ).rejects.toMatchObject({ kind: "unknown" });
  expect(await identitiesOf(admin.id)).toHaveLength(0);
});

test("a school that requires its provider: the right password is refused with how to sign in; the platform admin keeps a password", async () => {
  const hillside = await createSchool(db, { name: `Hillside ${unique()}` });
  const schoolAdmin = await createUser(db, { role: "admin", schoolId: hillside.id });
  const teacher = await createUser(db, { schoolId: hillside.id });
  const platformAdmin = await createUser(db, { role: "admin", schoolId: null });
  const passwordHash = await hashPassword("Hillside-Pass-1");
  await db.insert(credentials).values([
    { userId: teacher.id, passwordHash },
    { userId: platformAdmin.id, passwordHash },
  ]);
  const signIn = (email: string) =>
    verifyCredentials(db, { email, password: "Hillside-Pass-1" }, null, [], [google, microsoft]);
  await expect(signIn(teacher.email)).resolves.toBe(teacher.id);
  await updateSchoolSignIn(db, actorOf(schoolAdmin), hillside.id, {
    googleDomain: "Hillside.Example",
    microsoftTenantId: null,
    requireProviderSignIn: true,
  });
  const refused = await signIn(teacher.email).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(DomainError);
  expect((refused as Error).message).toContain('Use "Sign in with Google" on the sign-in page.');
  await expect(signIn(platformAdmin.email)).resolves.toBe(platformAdmin.id);
  // With no provider of the school's configured on this server, the password stays the way in.
  await expect(
    verifyCredentials(db, { email: teacher.email, password: "Hillside-Pass-1" }, null, [], [microsoft]),
  ).resolves.toBe(teacher.id);
  const [event] = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "school.sign_in_settings"), eq(auditEvents.targetId, String(hillside.id))));
  expect(event.details).toMatchObject({
    from: { googleDomain: null, requireProviderSignIn: false },
    to: { googleDomain: "hillside.example", requireProviderSignIn: true },
  });
});

test("sign-in settings: a teacher and another school's admin get not found, a taken domain is a conflict, requiring needs a domain or tenant", async () => {
  const school = await createSchool(db, { name: `Oakwood ${unique()}` });
  const teacher = await createUser(db, { schoolId: school.id });
  const otherAdmin = await createUser(db, { role: "admin", schoolId: riverside.id });
  const admin = await createUser(db, { role: "admin", schoolId: school.id });
  const input = { googleDomain: "oakwood.example", microsoftTenantId: null, requireProviderSignIn: false };
  await expect(updateSchoolSignIn(db, actorOf(teacher), school.id, input)).rejects.toMatchObject({ status: 404 });
  await expect(updateSchoolSignIn(db, actorOf(otherAdmin), school.id, input)).rejects.toMatchObject({ status: 404 });
  await expect(
    updateSchoolSignIn(db, actorOf(admin), school.id, { ...input, googleDomain: "riverside.example" }),
  ).rejects.toMatchObject({ status: 409 });
  await expect(
    updateSchoolSignIn(db, actorOf(admin), school.id, {
      googleDomain: null,
      microsoftTenantId: null,
      requireProviderSignIn: true,
    }),
  ).rejects.toMatchObject({ code: "VALIDATION", status: 400 });
  await expect(
    updateSchoolSignIn(db, actorOf(admin), school.id, { ...input, microsoftTenantId: "not-a-tenant" }),
  ).rejects.toMatchObject({ code: "VALIDATION" });
  const [row] = await db.select().from(schools).where(eq(schools.id, school.id));
  expect(row).toMatchObject({ googleDomain: null, microsoftTenantId: null, requireProviderSignIn: false });
});

test("provider sign-ins are not held by the address's wrong passwords, and successful ones never count against the identity (ADR 236)", async () => {
  const address = "10.0.0.77";
  // A pupil has used up the school address's wrong passwords.
  await db.insert(rateLimits).values({
    key: `sign-in:ip:${address}`,
    windowStart: new Date(),
    count: RATE_LIMITS.signInPerIp.limit,
  });
  const teacher = await createUser(db, { schoolId: riverside.id, email: `cy.${unique()}@riverside.example` });
  const sub = unique();
  const token = () => googleToken({ sub, email: teacher.email, email_verified: true, hd: "riverside.example" });
  // More successful sign-ins than the limit: all pass, none counts.
  for (let i = 0; i <= RATE_LIMITS.providerSignInFailuresPerIdentity.limit; i++) {
    await expect(signInWithProvider(db, google, token())).resolves.toBe(teacher.id);
  }
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, providerSignInKey({ issuer: google.issuer, subject: sub })));
  expect(row?.count ?? 0).toBe(0);
}, 120_000);

/** How each sign-in of a burst ended: its refusal's kind, RATE_LIMITED, or "signed-in". */
async function outcomes(tokens: IDToken[]): Promise<string[]> {
  return Promise.all(
    tokens.map((token) =>
      signInWithProvider(db, google, token).then(
        () => "signed-in",
        (error: unknown) => {
          if (error instanceof ProviderSignInRefused) return error.kind;
          if (error instanceof DomainError) return error.code;
          throw error;
        },
      ),
    ),
  );
}

test("300 sign-ins at once that find nobody, each a pupil's own account at the school's address, never refuse a staff member's identity (issue #35)", async () => {
  const pupils = Array.from({ length: 300 }, () =>
    googleToken({ email: `pupil.${unique()}@gmail.example`, email_verified: true }),
  );
  const refusals = await outcomes(pupils);
  // Each identity counts only its own failure: none of them is held.
  expect(refusals.filter((kind) => kind === "RATE_LIMITED")).toHaveLength(0);
  expect(await db.select().from(rateLimits).where(like(rateLimits.key, "sign-in:ip:%"))).toHaveLength(0);
  const teacher = await createUser(db, { schoolId: riverside.id, email: `di.${unique()}@riverside.example` });
  await expect(
    signInWithProvider(
      db,
      google,
      googleToken({ email: teacher.email, email_verified: true, hd: "riverside.example" }),
    ),
  ).resolves.toBe(teacher.id);
}, 120_000);

test("one identity's sign-ins that find nobody are counted on it before the look-up: of 200 at once, exactly 10 are looked up (issue #35)", async () => {
  const sub = unique();
  const tries = Array.from({ length: 200 }, () =>
    googleToken({ sub, email: `stranger.${sub}@gmail.example`, email_verified: true }),
  );
  const results = await outcomes(tries);
  expect(results.filter((kind) => kind !== "RATE_LIMITED")).toHaveLength(
    RATE_LIMITS.providerSignInFailuresPerIdentity.limit,
  );
  const refused = await signInWithProvider(db, google, tries[0]).catch((error: unknown) => error);
  expect((refused as DomainError).code).toBe("RATE_LIMITED");
  expect((refused as DomainError).headers?.["Retry-After"]).toBeDefined();
}, 120_000);

const generic: OidcProviderConfig = {
  id: "oidc",
  name: "County Schools ID",
  issuer: "https://id.county.example",
  clientId: "c",
  clientSecret: "s",
};

test("requiring the provider ends the password sessions of the school's staff, not their provider sessions nor other schools' (issue 35.5)", async () => {
  const school = await createSchool(db, { name: `Elmwood ${unique()}` });
  const admin = await createUser(db, { role: "admin", schoolId: school.id });
  const teacher = await createUser(db, { schoolId: school.id });
  const elsewhere = await createUser(db, { schoolId: riverside.id });
  const later = new Date(Date.now() + 3_600_000);
  await db.insert(sessions).values([
    { id: `pw-${unique()}`, userId: teacher.id, expiresAt: later, method: "password" },
    { id: `pw-${unique()}`, userId: admin.id, expiresAt: later, method: "password" },
    { id: `pv-${unique()}`, userId: teacher.id, expiresAt: later, method: "provider" },
    { id: `pw-${unique()}`, userId: elsewhere.id, expiresAt: later, method: "password" },
  ]);
  const methodsOf = async (userId: number) =>
    (await db.select().from(sessions).where(eq(sessions.userId, userId))).map((row) => row.method);
  await updateSchoolSignIn(
    db,
    actorOf(admin),
    school.id,
    { googleDomain: `elmwood-${unique()}.example`, microsoftTenantId: null, requireProviderSignIn: true },
    [google],
  );
  expect(await methodsOf(teacher.id)).toEqual(["provider"]);
  expect(await methodsOf(admin.id)).toEqual([]);
  expect(await methodsOf(elsewhere.id)).toEqual(["password"]);
});

test("a school whose staff use only the deployment's own provider can require it without a Google domain or Microsoft tenant", async () => {
  const school = await createSchool(db, { name: `Ashford ${unique()}` });
  const admin = await createUser(db, { role: "admin", schoolId: school.id });
  const teacher = await createUser(db, { schoolId: school.id });
  await db.insert(credentials).values({ userId: teacher.id, passwordHash: await hashPassword("Ashford-Pass-1") });
  const input = { googleDomain: null, microsoftTenantId: null, requireProviderSignIn: true };
  await expect(updateSchoolSignIn(db, actorOf(admin), school.id, input, [google])).rejects.toMatchObject({
    code: "VALIDATION",
  });
  await expect(updateSchoolSignIn(db, actorOf(admin), school.id, input, [generic])).resolves.toMatchObject(input);
  const refused = await verifyCredentials(db, { email: teacher.email, password: "Ashford-Pass-1" }, null, [], [generic])
    .then(() => null)
    .catch((e: unknown) => e);
  expect((refused as Error).message).toContain('Use "Sign in with County Schools ID" on the sign-in page.');
});

test("an unverified e-mail of a staff member is not asked to be added; a refusal names the school it belongs to", async () => {
  const teacher = await createUser(db, { schoolId: riverside.id, email: `uma.${unique()}@riverside.example` });
  const refused = (await signInWithProvider(
    db,
    google,
    googleToken({ email: teacher.email, email_verified: false, hd: "riverside.example" }),
  ).catch((e: unknown) => e)) as ProviderSignInRefused;
  expect(refused.kind).toBe("unverified");
  expect(refused.schoolId).toBe(riverside.id);
  const english = sayRefusal(refused, translatorFor("en", "staff"));
  expect(english).toContain("so we cannot link it to your staff account");
  expect(english).not.toContain("add you");
});
