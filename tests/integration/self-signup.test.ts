/**
 * Nobody who signs up is stranded (issue #27 point 3, ADRs 213 and 214): a
 * public sign-up gets a school of its own and makes its first class; a
 * platform admin moves the teacher into their real school with everything;
 * a school's invitation link signs a teacher up into that school; a
 * deployment can switch public sign-up off.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, test } from "vitest";
import * as passwordPage from "~/routes/account/password";
import * as schoolPage from "~/routes/admin/school";
import * as staffList from "~/routes/admin/staff/list";
import * as signupRoute from "~/routes/auth/signup";
import type { App } from "~/server/app.server";
import { SIGN_UP_CLOSED_MESSAGE, signUp } from "~/server/auth/accounts.server";
import { createClass as createClassAsTeacher } from "~/server/classes/classes.server";
import type { Database, Db } from "~/server/db/client.server";
import {
  assignments,
  auditEvents,
  classCodes,
  classes,
  emailOutbox,
  rateLimits,
  schoolInvitations,
  schools,
  students,
  users,
} from "~/server/db/schema.server";
import { DomainError } from "~/server/errors.server";
import {
  checkInvitationToken,
  createSchoolInvitation,
  getLiveSchoolInvitation,
  INVITATION_LINK_PROBLEMS,
  revokeSchoolInvitation,
} from "~/server/schools/invitations.server";
import { moveSelfSignedUpTeacher, selfSchoolName } from "~/server/schools/self-schools.server";
import { createTestDatabase } from "../support/database";
import {
  actorOf,
  createAssignment,
  createClassCode,
  createSchool,
  createStudent,
  createSurvey,
  createUser,
} from "../support/fixtures";
import { callRoute, signIn } from "../support/route-call";
import { createTestApp, routeContext } from "../support/test-app";

let database: Database;
let db: Db;
let app: App;
let closedApp: App;
const PASSWORD = "Correct-Horse-9";

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  app = await createTestApp(database);
  closedApp = await createTestApp(database, { PUBLIC_SIGNUP: "off" });
});

beforeEach(async () => {
  await db.delete(rateLimits);
});

function newEmail(): string {
  return `teacher.${randomBytes(4).toString("hex")}@test.example`;
}

async function signUpAndSettle(target: App, name: string, email: string, invitationToken?: string, language?: string) {
  await signUp(target, { name, email, password: PASSWORD, confirmPassword: PASSWORD }, "10.0.9.1", {
    invitationToken,
    publicSignUp: target.config.publicSignUp,
    language,
  });
  await target.mailer.idle();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

async function thrown(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

test("a public sign-up gets a school of its own, is its teacher, and can make a first class", async () => {
  const email = newEmail();
  const user = await signUpAndSettle(app, "Ada Lovelace", email);
  expect(user).toMatchObject({ role: "teacher", emailVerified: false });
  const [school] = await db.select().from(schools).where(eq(schools.id, user.schoolId!));
  expect(school).toMatchObject({ name: "Ada Lovelace's classes", selfSignedUp: true, status: "active" });
  const klass = await createClassAsTeacher(db, actorOf(user), { name: "4B Owls" });
  expect(klass.schoolId).toBe(school.id);
  const [event] = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "user.sign_up"), eq(auditEvents.targetId, String(user.id))));
  expect(event).toMatchObject({ schoolId: school.id, details: { selfSignedUpSchool: true } });
  const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  expect(mails.map((mail) => mail.subject)).toEqual(["Confirm your e-mail address for Orliverse Classroom"]);
});

test("two teachers with the same name get two schools with different names", async () => {
  const first = await signUpAndSettle(app, "Sam Same", newEmail());
  const second = await signUpAndSettle(app, "sam same", newEmail());
  const names = await db
    .select({ name: schools.name })
    .from(schools)
    .where(sql`${schools.id} in (${first.schoolId}, ${second.schoolId})`);
  expect(names.map((row) => row.name).sort()).toEqual(["Sam Same's classes", "sam same's classes (2)"]);
  expect(selfSchoolName("x".repeat(200), 3).length).toBeLessThanOrEqual(120);
});

test("the school of one's own is named in the sign-up's language (issue 36)", async () => {
  const polish = await signUpAndSettle(app, "Katarzyna Wiśniewska", newEmail(), undefined, "pl");
  const german = await signUpAndSettle(app, "Jonas Weber", newEmail(), undefined, "de");
  const names = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(sql`${schools.id} in (${polish.schoolId}, ${german.schoolId})`);
  expect(names.find((row) => row.id === polish.schoolId)?.name).toBe("Klasy: Katarzyna Wiśniewska");
  expect(names.find((row) => row.id === german.schoolId)?.name).toBe("Die Klassen von Jonas Weber");
  expect(selfSchoolName("x".repeat(200), 12, "de").length).toBeLessThanOrEqual(120);
});

async function renameOwnSchool(cookie: string, name: string) {
  return callRoute(passwordPage, database, {
    path: "/account/password",
    method: "POST",
    cookie,
    form: { intent: "rename-school", name },
  });
}

test("the self-signed-up teacher renames their school on the account page: field errors, a taken name, audited (issue 36)", async () => {
  const teacher = await signUpAndSettle(app, "Rosa Renamer", newEmail());
  const cookie = await signIn(database, teacher.id);
  const page = (await (await callRoute(passwordPage, database, { path: "/account/password", cookie })).json()) as {
    selfSchool: { id: number; name: string } | null;
  };
  expect(page.selfSchool).toEqual({ id: teacher.schoolId, name: "Rosa Renamer's classes" });

  const empty = await renameOwnSchool(cookie, "   ");
  expect(empty.status).toBe(400);
  expect(await empty.json()).toMatchObject({
    form: "school-name",
    result: { error: { name: ["Enter a school name"] } },
  });
  const taken = await createSchool(db, { name: `Taken Academy ${randomBytes(3).toString("hex")}` });
  const conflict = await renameOwnSchool(cookie, taken.name.toUpperCase());
  expect(conflict.status).toBe(409);
  expect(await conflict.json()).toMatchObject({
    form: "school-name",
    result: { error: { name: [`A school called "${taken.name.toUpperCase()}" already exists.`] } },
  });
  const [unchanged] = await db.select().from(schools).where(eq(schools.id, teacher.schoolId!));
  expect(unchanged.name).toBe("Rosa Renamer's classes");

  const renamed = await renameOwnSchool(cookie, "  Primary School Linden  ");
  expect(renamed.status).toBe(302);
  const [school] = await db.select().from(schools).where(eq(schools.id, teacher.schoolId!));
  expect(school.name).toBe("Primary School Linden");
  const [event] = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "school.rename"), eq(auditEvents.targetId, String(school.id))));
  expect(event).toMatchObject({
    actorUserId: teacher.id,
    details: { from: { name: "Rosa Renamer's classes" }, to: { name: "Primary School Linden" } },
  });
});

test("only while the school is the teacher's alone: a real school's teacher, or a self school with more staff, cannot rename it here", async () => {
  const real = await createSchool(db);
  const realTeacher = await createUser(db, { schoolId: real.id });
  const realCookie = await signIn(database, realTeacher.id);
  const page = (await (
    await callRoute(passwordPage, database, { path: "/account/password", cookie: realCookie })
  ).json()) as {
    selfSchool: unknown;
  };
  expect(page.selfSchool).toBeNull();
  expect((await renameOwnSchool(realCookie, "Mine Now")).status).toBe(403);

  const teacher = await signUpAndSettle(app, "Shared Sally", newEmail());
  await createUser(db, { schoolId: teacher.schoolId });
  expect((await renameOwnSchool(await signIn(database, teacher.id), "Mine Now")).status).toBe(403);
  const names = await db
    .select({ name: schools.name })
    .from(schools)
    .where(sql`${schools.id} in (${real.id}, ${teacher.schoolId})`);
  expect(names.map((row) => row.name)).not.toContain("Mine Now");
});

test("signing up with a taken address makes no school", async () => {
  const owner = await createUser(db, { schoolId: null });
  const before = await db.select({ n: sql<number>`count(*)::int` }).from(schools);
  await signUp(app, { name: "Other", email: owner.email, password: PASSWORD, confirmPassword: PASSWORD }, null);
  await app.mailer.idle();
  const after = await db.select({ n: sql<number>`count(*)::int` }).from(schools);
  expect(after[0].n).toBe(before[0].n);
});

test("a platform admin moves a self-signed-up teacher into a real school with classes, students, codes and assignments", async () => {
  const platform = await createUser(db, { role: "admin", schoolId: null });
  const teacher = await signUpAndSettle(app, "Mover Teacher", newEmail());
  const selfSchoolId = teacher.schoolId!;
  const klass = await createClassAsTeacher(db, actorOf(teacher), { name: "Mover class" });
  const code = await createClassCode(db, { classId: klass.id, code: `M${randomBytes(3).toString("hex")}` });
  const survey = await createSurvey(db);
  const assignment = await createAssignment(db, { classId: klass.id, surveyId: survey.id });
  const child = await createStudent(db, { schoolId: selfSchoolId, classId: klass.id, firstName: "Clash" });
  const calm = await createStudent(db, { schoolId: selfSchoolId, classId: klass.id, firstName: "Calm" });
  const real = await createSchool(db);
  const resident = await createStudent(db, { schoolId: real.id, firstName: "Resident" });
  // The real school already has the code of one moving child (codes are unique per school).
  await db.update(students).set({ personalCode: "KITE42" }).where(eq(students.id, resident.id));
  await db.update(students).set({ personalCode: "KITE42" }).where(eq(students.id, child.id));
  await db.update(students).set({ personalCode: "MOON77" }).where(eq(students.id, calm.id));

  const result = await moveSelfSignedUpTeacher(db, actorOf(platform), { userId: teacher.id, schoolId: real.id });
  expect(result).toMatchObject({ classes: 1, students: 2, personalCodesRenewed: 1 });

  const [moved] = await db.select().from(users).where(eq(users.id, teacher.id));
  expect(moved).toMatchObject({ schoolId: real.id, role: "teacher" });
  const [movedClass] = await db.select().from(classes).where(eq(classes.id, klass.id));
  expect(movedClass.schoolId).toBe(real.id);
  const kids = await db.select().from(students).where(sql`${students.id} in (${child.id}, ${calm.id})`);
  expect(kids.every((kid) => kid.schoolId === real.id)).toBe(true);
  const clash = kids.find((kid) => kid.id === child.id)!;
  expect(clash.personalCode).not.toBeNull();
  expect(clash.personalCode).not.toBe("KITE42");
  expect(kids.find((kid) => kid.id === calm.id)!.personalCode).toBe("MOON77");
  expect((await db.select().from(classCodes).where(eq(classCodes.id, code.id)))[0].classId).toBe(klass.id);
  expect((await db.select().from(assignments).where(eq(assignments.id, assignment.id)))[0].classId).toBe(klass.id);
  const [selfSchool] = await db.select().from(schools).where(eq(schools.id, selfSchoolId));
  expect(selfSchool.status).toBe("archived");
  const events = await db
    .select({ action: auditEvents.action, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.actorUserId, platform.id)));
  expect(events.map((event) => event.action).sort()).toEqual(["school.archive", "user.move_to_school"]);
  // The audit log never holds a child's code.
  expect(JSON.stringify(events)).not.toContain(clash.personalCode!);
});

test("only a platform admin moves, only from a school of one's own, only into an active real school", async () => {
  const platform = await createUser(db, { role: "admin", schoolId: null });
  const real = await createSchool(db);
  const schoolAdmin = await createUser(db, { role: "admin", schoolId: real.id });
  const teacher = await signUpAndSettle(app, "Stay Put", newEmail());
  const byAdmin = await thrown(
    moveSelfSignedUpTeacher(db, actorOf(schoolAdmin), { userId: teacher.id, schoolId: real.id }),
  );
  expect(byAdmin.code).toBe("FORBIDDEN");
  const byTeacher = await thrown(
    moveSelfSignedUpTeacher(db, actorOf(teacher), { userId: teacher.id, schoolId: real.id }),
  );
  expect(byTeacher.code).toBe("NOT_FOUND");
  const resident = await createUser(db, { schoolId: real.id });
  const notSelf = await thrown(
    moveSelfSignedUpTeacher(db, actorOf(platform), { userId: resident.id, schoolId: real.id }),
  );
  expect(notSelf.code).toBe("CONFLICT");
  const other = await signUpAndSettle(app, "Other Self", newEmail());
  const intoSelf = await thrown(
    moveSelfSignedUpTeacher(db, actorOf(platform), { userId: teacher.id, schoolId: other.schoolId! }),
  );
  expect(intoSelf).toMatchObject({ code: "VALIDATION", fieldErrors: { schoolId: [expect.any(String)] } });
  const archived = await createSchool(db, { status: "archived" });
  const intoArchived = await thrown(
    moveSelfSignedUpTeacher(db, actorOf(platform), { userId: teacher.id, schoolId: archived.id }),
  );
  expect(intoArchived.code).toBe("VALIDATION");
  // Nothing moved.
  const [still] = await db.select().from(users).where(eq(users.id, teacher.id));
  expect(still.schoolId).toBe(teacher.schoolId);
});

test("a school admin makes an invitation link; a teacher signs up through it straight into the school", async () => {
  const school = await createSchool(db);
  const admin = await createUser(db, { role: "admin", schoolId: school.id });
  const link = await createSchoolInvitation(db, actorOf(admin), school.id);
  expect(link.expiresAt.getTime() - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
  // Only the hash is stored.
  const [row] = await db.select().from(schoolInvitations).where(eq(schoolInvitations.id, link.id));
  expect(row.tokenHash).not.toContain(link.token);
  const before = await db.select({ n: sql<number>`count(*)::int` }).from(schools);
  const invited = await signUpAndSettle(app, "Invited Teacher", newEmail(), link.token);
  expect(invited).toMatchObject({ schoolId: school.id, role: "teacher" });
  const after = await db.select({ n: sql<number>`count(*)::int` }).from(schools);
  expect(after[0].n).toBe(before[0].n);
  expect((await getLiveSchoolInvitation(db, actorOf(admin), school.id))?.useCount).toBe(1);
  // Works for a school with public sign-up off as well.
  const second = await signUpAndSettle(closedApp, "Second Invited", newEmail(), link.token);
  expect(second.schoolId).toBe(school.id);
});

test("a new link replaces the old one; a revoked, expired or made-up link signs nobody up", async () => {
  const school = await createSchool(db);
  const admin = await createUser(db, { role: "admin", schoolId: school.id });
  const first = await createSchoolInvitation(db, actorOf(admin), school.id);
  const second = await createSchoolInvitation(db, actorOf(admin), school.id);
  expect(await checkInvitationToken(db, first.token)).toEqual({ ok: false, problem: INVITATION_LINK_PROBLEMS.revoked });
  await revokeSchoolInvitation(db, actorOf(admin), school.id, second.id);
  expect(await getLiveSchoolInvitation(db, actorOf(admin), school.id)).toBeNull();
  const refused = await thrown(
    signUp(app, { name: "Late", email: newEmail(), password: PASSWORD, confirmPassword: PASSWORD }, null, {
      invitationToken: second.token,
    }),
  );
  expect(refused).toMatchObject({ code: "BAD_REQUEST", message: INVITATION_LINK_PROBLEMS.revoked });
  const third = await createSchoolInvitation(db, actorOf(admin), school.id);
  await db
    .update(schoolInvitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(schoolInvitations.id, third.id));
  expect(await checkInvitationToken(db, third.token)).toEqual({ ok: false, problem: INVITATION_LINK_PROBLEMS.expired });
  expect(await checkInvitationToken(db, "made-up")).toEqual({ ok: false, problem: INVITATION_LINK_PROBLEMS.invalid });
  const actions = await db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.schoolId, school.id), eq(auditEvents.actorUserId, admin.id)));
  expect(actions.map((event) => event.action).sort()).toEqual([
    "school.invitation_create",
    "school.invitation_create",
    "school.invitation_create",
    "school.invitation_revoke",
  ]);
});

test("another school's admin and a teacher cannot see, make or revoke a school's links", async () => {
  const school = await createSchool(db);
  const admin = await createUser(db, { role: "admin", schoolId: school.id });
  const link = await createSchoolInvitation(db, actorOf(admin), school.id);
  const otherAdmin = await createUser(db, { role: "admin", schoolId: (await createSchool(db)).id });
  const teacher = await createUser(db, { schoolId: school.id });
  for (const actor of [otherAdmin, teacher]) {
    expect((await thrown(createSchoolInvitation(db, actorOf(actor), school.id))).code).toBe("NOT_FOUND");
    expect((await thrown(revokeSchoolInvitation(db, actorOf(actor), school.id, link.id))).code).toBe("NOT_FOUND");
    expect((await thrown(getLiveSchoolInvitation(db, actorOf(actor), school.id))).code).toBe("NOT_FOUND");
  }
  // A link id of another school is unknown in this one.
  const otherLink = await createSchoolInvitation(db, actorOf(otherAdmin), otherAdmin.schoolId!);
  expect((await thrown(revokeSchoolInvitation(db, actorOf(admin), school.id, otherLink.id))).code).toBe("NOT_FOUND");
  expect((await checkInvitationToken(db, link.token)).ok).toBe(true);
});

test("with public sign-up off, a sign-up without a link is refused and makes nothing; the page says how to get an account", async () => {
  const email = newEmail();
  const refused = await thrown(
    signUp(closedApp, { name: "Nobody", email, password: PASSWORD, confirmPassword: PASSWORD }, null, {
      publicSignUp: false,
    }),
  );
  expect(refused).toMatchObject({ code: "FORBIDDEN", message: SIGN_UP_CLOSED_MESSAGE });
  await closedApp.mailer.idle();
  expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);

  const context = routeContext(closedApp);
  const page = (await signupRoute.loader({
    request: new Request("http://localhost/signup"),
    context,
    params: {},
  } as never)) as { mode: string };
  expect(page).toEqual({ mode: "closed", message: SIGN_UP_CLOSED_MESSAGE });
  const posted = (await signupRoute.action({
    request: new Request("http://localhost/signup", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Nobody", email, password: PASSWORD, confirmPassword: PASSWORD }).toString(),
    }),
    context,
    params: {},
  } as never)) as { data: { result: { error: Record<string, string[]> } }; init: ResponseInit };
  expect(posted.init.status).toBe(403);
  expect(posted.data.result.error[""]).toEqual([SIGN_UP_CLOSED_MESSAGE]);
  await closedApp.mailer.idle();
  expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
});

test("/signup?invite= shows the school for a live link and a plain 404 page for one that does not work", async () => {
  const school = await createSchool(db, { name: `Linden ${randomBytes(2).toString("hex")}` });
  const admin = await createUser(db, { role: "admin", schoolId: school.id });
  const link = await createSchoolInvitation(db, actorOf(admin), school.id);
  const load = (path: string) =>
    signupRoute.loader({
      request: new Request(`http://localhost${path}`),
      context: routeContext(closedApp),
      params: {},
    } as never);
  expect(await load(`/signup?invite=${encodeURIComponent(link.token)}`)).toEqual({
    mode: "invitation",
    invitation: { token: link.token, schoolName: school.name },
  });
  const bad = (await load("/signup?invite=nope")) as { data: unknown; init: ResponseInit };
  expect(bad.init.status).toBe(404);
  expect(bad.data).toEqual({ mode: "link-problem", message: INVITATION_LINK_PROBLEMS.invalid });
});

test("the staff screen: a school admin makes a link (shown once), sees it live, and switches it off; a platform admin has no card", async () => {
  const school = await createSchool(db);
  const admin = await createUser(db, { role: "admin", schoolId: school.id });
  const cookie = await signIn(database, admin.id);
  const made = await callRoute(staffList, database, {
    method: "POST",
    path: "/admin/staff",
    cookie,
    form: { intent: "create-invitation" },
  });
  expect(made.status).toBe(200);
  const { invitationLink } = (await made.json()) as { invitationLink: { link: string } };
  expect(invitationLink.link).toMatch(/^http:\/\/school\.test\/signup\?invite=[A-Za-z0-9_-]{43}$/);
  const token = new URL(invitationLink.link).searchParams.get("invite")!;
  expect((await checkInvitationToken(db, token)).ok).toBe(true);
  const listed = (await (await callRoute(staffList, database, { path: "/admin/staff", cookie })).json()) as {
    invitation: { id: number; useCount: number } | null;
  };
  expect(listed.invitation).toMatchObject({ useCount: 0 });
  // The page never shows the token again.
  expect(JSON.stringify(listed)).not.toContain(token);
  const revoked = await callRoute(staffList, database, {
    method: "POST",
    path: "/admin/staff",
    cookie,
    form: { intent: "revoke-invitation", id: String(listed.invitation!.id) },
  });
  expect(revoked.status).toBe(302);
  expect(await checkInvitationToken(db, token)).toEqual({ ok: false, problem: INVITATION_LINK_PROBLEMS.revoked });
  // A made-up id changes nothing and says so.
  const unknown = await callRoute(staffList, database, {
    method: "POST",
    path: "/admin/staff",
    cookie,
    form: { intent: "revoke-invitation", id: "x" },
  });
  expect(unknown.status).toBe(302);

  const platform = await createUser(db, { role: "admin", schoolId: null });
  const platformCookie = await signIn(database, platform.id);
  const refused = await callRoute(staffList, database, {
    method: "POST",
    path: "/admin/staff",
    cookie: platformCookie,
    form: { intent: "create-invitation" },
  });
  expect(refused.status).toBe(400);
  const teacherCookie = await signIn(database, (await createUser(db, { schoolId: school.id })).id);
  const byTeacher = await callRoute(staffList, database, {
    method: "POST",
    path: "/admin/staff",
    cookie: teacherCookie,
    form: { intent: "create-invitation" },
  });
  expect(byTeacher.status).toBe(302);
  expect(await getLiveSchoolInvitation(db, actorOf(admin), school.id)).toBeNull();
});

test("the school page: a platform admin moves the teacher of a self-signed-up school; a bad choice is a field error", async () => {
  const platform = await createUser(db, { role: "admin", schoolId: null });
  const cookie = await signIn(database, platform.id);
  const teacher = await signUpAndSettle(app, "Page Mover", newEmail());
  const real = await createSchool(db);
  const loaded = (await (
    await callRoute(schoolPage, database, {
      path: `/admin/schools/${teacher.schoolId}`,
      params: { schoolId: teacher.schoolId! },
      cookie,
    })
  ).json()) as { movable: { id: number }[]; moveTargets: { id: number }[] };
  expect(loaded.movable.map((t) => t.id)).toEqual([teacher.id]);
  expect(loaded.moveTargets.map((s) => s.id)).toContain(real.id);
  expect(loaded.moveTargets.map((s) => s.id)).not.toContain(teacher.schoolId);
  const bad = await callRoute(schoolPage, database, {
    method: "POST",
    path: `/admin/schools/${teacher.schoolId}`,
    params: { schoolId: teacher.schoolId! },
    cookie,
    form: { intent: "move-teacher", userId: String(teacher.id), schoolId: "" },
  });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { result: { error: Record<string, string[]> } }).result.error.schoolId).toEqual([
    "Choose the school to move the teacher into",
  ]);
  const moved = await callRoute(schoolPage, database, {
    method: "POST",
    path: `/admin/schools/${teacher.schoolId}`,
    params: { schoolId: teacher.schoolId! },
    cookie,
    form: { intent: "move-teacher", userId: String(teacher.id), schoolId: String(real.id) },
  });
  expect(moved.status).toBe(302);
  expect(moved.headers.get("location")).toBe(`/admin/schools/${real.id}`);
  expect((await db.select().from(users).where(eq(users.id, teacher.id)))[0].schoolId).toBe(real.id);
  // A school admin sees no move form on their own school's page.
  const schoolAdmin = await createUser(db, { role: "admin", schoolId: real.id });
  const adminView = (await (
    await callRoute(schoolPage, database, {
      path: `/admin/schools/${real.id}`,
      params: { schoolId: real.id },
      cookie: await signIn(database, schoolAdmin.id),
    })
  ).json()) as { movable: unknown[] };
  expect(adminView.movable).toEqual([]);
});

test("the school page: a platform admin makes and switches off any school's invitation link; another school's admin gets the 404 page", async () => {
  const school = await createSchool(db);
  const schoolAdmin = await createUser(db, { role: "admin", schoolId: school.id });
  const platform = await createUser(db, { role: "admin", schoolId: null });
  const cookie = await signIn(database, platform.id);
  const page = { path: `/admin/schools/${school.id}`, params: { schoolId: school.id } };
  const load = async (who: string) =>
    (await (await callRoute(schoolPage, database, { ...page, cookie: who })).json()) as {
      invitationCard: boolean;
      invitation: { id: number; useCount: number } | null;
    };
  expect(await load(cookie)).toMatchObject({ invitationCard: true, invitation: null });

  const made = await callRoute(schoolPage, database, {
    ...page,
    method: "POST",
    cookie,
    form: { intent: "create-invitation" },
  });
  expect(made.status).toBe(200);
  const { invitationLink } = (await made.json()) as { invitationLink: { link: string } };
  const token = new URL(invitationLink.link).searchParams.get("invite")!;
  expect(await checkInvitationToken(db, token)).toMatchObject({ ok: true, schoolId: school.id });
  // The same link the school's own admin sees on the staff screen, made by the platform admin, and never shown again.
  const loaded = await load(cookie);
  expect(loaded.invitation).toMatchObject({ useCount: 0 });
  expect(JSON.stringify(loaded)).not.toContain(token);
  expect((await getLiveSchoolInvitation(db, actorOf(schoolAdmin), school.id))?.id).toBe(loaded.invitation!.id);
  const [audit] = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "school.invitation_create"), eq(auditEvents.schoolId, school.id)));
  expect(audit.actorUserId).toBe(platform.id);

  // Another school's admin cannot make or switch off this school's link: the 404 page, and nothing changes.
  const otherAdmin = await createUser(db, { role: "admin", schoolId: (await createSchool(db)).id });
  const otherCookie = await signIn(database, otherAdmin.id);
  const forms: Record<string, string>[] = [
    { intent: "create-invitation" },
    { intent: "revoke-invitation", id: String(loaded.invitation!.id) },
  ];
  for (const form of forms) {
    const refused = await callRoute(schoolPage, database, { ...page, method: "POST", cookie: otherCookie, form });
    expect(refused.status, form.intent).toBe(404);
  }
  // A teacher is sent away before anything is read.
  const teacherCookie = await signIn(database, (await createUser(db, { schoolId: school.id })).id);
  const byTeacher = await callRoute(schoolPage, database, {
    ...page,
    method: "POST",
    cookie: teacherCookie,
    form: { intent: "create-invitation" },
  });
  expect(byTeacher.status).toBe(302);
  expect(await checkInvitationToken(db, token)).toMatchObject({ ok: true });

  // A made-up id changes nothing and says so; the live link's id switches it off.
  const unknown = await callRoute(schoolPage, database, {
    ...page,
    method: "POST",
    cookie,
    form: { intent: "revoke-invitation", id: "999999" },
  });
  expect(unknown.status).toBe(302);
  expect(await checkInvitationToken(db, token)).toMatchObject({ ok: true });
  const revoked = await callRoute(schoolPage, database, {
    ...page,
    method: "POST",
    cookie,
    form: { intent: "revoke-invitation", id: String(loaded.invitation!.id) },
  });
  expect(revoked.status).toBe(302);
  expect(revoked.headers.get("location")).toBe(`/admin/schools/${school.id}`);
  expect(await checkInvitationToken(db, token)).toEqual({ ok: false, problem: INVITATION_LINK_PROBLEMS.revoked });
  expect((await load(cookie)).invitation).toBeNull();

  // An archived school has no card, and a hand-made post makes no link.
  await db.update(schools).set({ status: "archived" }).where(eq(schools.id, school.id));
  expect(await load(cookie)).toMatchObject({ invitationCard: false, invitation: null });
  const archived = await callRoute(schoolPage, database, {
    ...page,
    method: "POST",
    cookie,
    form: { intent: "create-invitation" },
  });
  expect(archived.status).toBe(302);
  expect(
    await db
      .select()
      .from(schoolInvitations)
      .where(and(eq(schoolInvitations.schoolId, school.id), sql`revoked_at is null`)),
  ).toEqual([]);
});
