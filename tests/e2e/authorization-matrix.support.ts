/**
 * The actors of the authorisation matrix (and of the CSRF, CSP, third-party,
 * accessibility and fuzz suites), made by a fixture: start the server with
 * `startAppServer({ fixtures: createActorsWorld })`, then `setUpActors(app)`
 * turns the fixture's sessions into cookies. No one signs in over HTTP, so the
 * sign-in rate limit is not involved. The students still join through the app
 * (the /join form and the student API), as a student would.
 */
import { eq } from "drizzle-orm";
import { schools, surveys, users } from "~/server/db/schema.server";
import { type FixtureKit, sessionCookieValue } from "../support/app-fixtures";
import { CLASS_CODE, createE2eWorldWithCode } from "../support/e2e-world";
import { createAssignment, createSchool, createUser } from "../support/fixtures";
import { type OidcTestProvider, startOidcProvider } from "../support/oidc-provider";
import type { AppServer } from "../support/server";

export const ACTORS = [
  "anon",
  "teacher",
  "otherTeacher",
  "schoolAdmin",
  "otherSchoolAdmin",
  "platformAdmin",
  "archived",
  "student",
  "studentWeb",
] as const;
export type Actor = (typeof ACTORS)[number];

export interface ActorCredentials {
  /** A Cookie header value, for the signed-in actors. */
  cookie?: string;
  /** A bearer token, for the student. */
  bearer?: string;
}

export interface DemoIds {
  /** 5A Sunflowers: Amara Okafor's class (the "teacher of the class"). */
  classId: number;
  /** 6 Maple: Daniel Murphy's class, for cross-checks. */
  otherClassId: number;
  assignmentId: number;
  studentId: number;
  surveyId: number;
  schoolId: number;
  otherSchoolId: number;
  teacherUserId: number;
  otherSchoolAdminUserId: number;
  studentAssignmentId: number;
  /** The survey of an active assignment the student can open. */
  studentSurveyId: number;
}

/** The other school's admin: an active school of their own, with no classes. */
export const OTHER_SCHOOL_ADMIN = { email: "head@elsewhere.example" };

/**
 * The e2e world with 5A's class code, named as the matrix's tables read
 * ("Riverside Primary School", Amara's address), plus the actors it lacks:
 * an archived teacher of Riverside and the admin of another active school with
 * no classes ("Elsewhere High School"). 5A's newest assignment is not started
 * yet, as in the demo data ({assignment} in the matrix).
 */
export async function createActorsWorld(kit: FixtureKit) {
  const world = await createE2eWorldWithCode(kit);
  const { db } = kit;
  await db.update(schools).set({ name: "Riverside Primary School" }).where(eq(schools.id, world.riverside.id));
  await db.update(users).set({ email: "amara.okafor@riverside.example" }).where(eq(users.id, world.users.teacher.id));
  // A survey with no embedded video: its admin page then loads nothing from another origin.
  const [notStarted] = await db.select().from(surveys).where(eq(surveys.fullSlug, "surveys/reading-habits"));
  await createAssignment(db, { classId: world.class5A.id, surveyId: notStarted.id, status: "assigned" });
  const elsewhere = await createSchool(db, { name: "Elsewhere High School" });
  const otherSchoolAdmin = await createUser(db, {
    schoolId: elsewhere.id,
    role: "admin",
    name: "Elsa Where",
    email: OTHER_SCHOOL_ADMIN.email,
  });
  const archived = await createUser(db, { schoolId: world.riverside.id, name: "Tomas Archived", status: "archived" });
  return {
    ...world,
    elsewhere,
    actorSessions: {
      ...world.sessions,
      otherSchoolAdmin: await kit.sessionFor(otherSchoolAdmin),
      archived: await kit.sessionFor(archived),
    },
  };
}

export type ActorsWorld = Awaited<ReturnType<typeof createActorsWorld>>;

export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

export async function api(
  app: Pick<AppServer, "baseURL">,
  who: ActorCredentials,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = { Origin: app.baseURL };
  if (who.cookie) headers.Cookie = who.cookie;
  if (who.bearer) headers.Authorization = `Bearer ${who.bearer}`;
  // `{ $form: { … } }` is a screen's form post (urlencoded), as a browser sends it; anything else is JSON.
  const form = (body as { $form?: Record<string, string> } | undefined)?.$form;
  if (body !== undefined) headers["Content-Type"] = form ? "application/x-www-form-urlencoded" : "application/json";
  return fetch(`${app.baseURL}${path}`, {
    method,
    headers,
    redirect: "manual",
    body: body === undefined ? undefined : form ? new URLSearchParams(form).toString() : JSON.stringify(body),
  });
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok)
    throw new Error(`${response.url} gave ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** Turns the fixture's sessions into cookies, lets two students join, and finds the ids the matrix needs. */
export async function setUpActors(
  app: AppServer<ActorsWorld>,
): Promise<{ actors: Record<Actor, ActorCredentials>; ids: DemoIds }> {
  const sessions = app.fixtures.actorSessions;
  const cookie = async (session: { token: string }) =>
    `__session=${await sessionCookieValue(app.sessionSecret, session.token)}`;
  const [teacher, otherTeacher, schoolAdmin, otherSchoolAdmin, platformAdmin, archived] = await Promise.all([
    cookie(sessions.teacher),
    cookie(sessions.colleague),
    cookie(sessions.schoolAdmin),
    cookie(sessions.otherSchoolAdmin),
    cookie(sessions.platformAdmin),
    cookie(sessions.archived),
  ]);
  const otherSchoolId = app.fixtures.elsewhere.id;

  // Ids, as the teacher and the platform admin see them.
  const mine = await json<{ classes: { id: number; name: string; schoolId?: number }[] }>(
    await api(app, { cookie: teacher }, "GET", "/api/classes/my-classes"),
  );
  const sunflowers = mine.classes.find((c) => c.name === "5A Sunflowers");
  const theirs = await json<{ classes: { id: number; name: string }[] }>(
    await api(app, { cookie: otherTeacher }, "GET", "/api/classes/my-classes"),
  );
  const maple = theirs.classes.find((c) => c.name === "6 Maple");
  if (!sunflowers || !maple) throw new Error("The fixture's classes were not found");
  const assignments = await json<{ assignments: { id: number; surveyId: number; status: string }[] }>(
    await api(app, { cookie: teacher }, "GET", `/api/classes/${sunflowers.id}/surveys`),
  );
  const assignment = assignments.assignments[0];
  const students = await json<{ students: { id: number }[] }>(
    await api(app, { cookie: teacher }, "GET", `/api/classes/${sunflowers.id}/students-with-contacts`),
  );
  const me = await json<{ id: number; school: { id: number } }>(
    await api(app, { cookie: teacher }, "GET", "/api/users/me/with-school"),
  );
  const otherAdminMe = await json<{ id: number }>(
    await api(app, { cookie: otherSchoolAdmin }, "GET", "/api/users/me/with-school"),
  );

  // A student joins 5A in the browser: the /join form gives the student cookie.
  const webJoin = await fetch(`${app.baseURL}/join`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ code: CLASS_CODE, firstName: "Matrix", lastName: "Webstudent" }),
  });
  const studentWeb = cookieFrom(webJoin);
  if (webJoin.status !== 302 || !studentWeb.startsWith("__student="))
    throw new Error(`Joining in the browser gave ${webJoin.status} ${studentWeb}`);

  // A student joins 5A with its live code, through the student API.
  const joined = await json<{ token: string }>(
    await fetch(`${app.baseURL}/api/student/v1/join`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: CLASS_CODE, firstName: "Matrix", lastName: "Student" }),
    }),
  );
  const studentAssignments = await json<{ assignments: { assignmentId: number; surveyId: number }[] }>(
    await api(app, { bearer: joined.token }, "GET", "/api/student/v1/assignments"),
  );

  return {
    actors: {
      anon: {},
      teacher: { cookie: teacher },
      otherTeacher: { cookie: otherTeacher },
      schoolAdmin: { cookie: schoolAdmin },
      otherSchoolAdmin: { cookie: otherSchoolAdmin },
      platformAdmin: { cookie: platformAdmin },
      archived: { cookie: archived },
      student: { bearer: joined.token },
      studentWeb: { cookie: studentWeb },
    },
    ids: {
      classId: sunflowers.id,
      otherClassId: maple.id,
      assignmentId: assignment.id,
      surveyId: assignment.surveyId,
      studentId: students.students[0].id,
      schoolId: me.school.id,
      otherSchoolId,
      teacherUserId: me.id,
      otherSchoolAdminUserId: otherAdminMe.id,
      studentAssignmentId: studentAssignments.assignments[0].assignmentId,
      studentSurveyId: studentAssignments.assignments[0].surveyId,
    },
  };
}

/**
 * A Google-like OpenID provider on loopback (tests/support/oidc-provider.ts,
 * ADR 212) and the app settings that configure it, so that `/auth/oidc/google`
 * and its callback reach a real provider in the matrix and the HTTP fuzzer.
 * Nobody signs in through it there: the callback's address is never visited.
 */
export async function startSignInProvider(): Promise<{ provider: OidcTestProvider; env: Record<string, string> }> {
  const provider = await startOidcProvider({
    host: "127.0.0.2",
    redirectUris: ["http://127.0.0.1/auth/oidc/google/callback"],
  });
  return {
    provider,
    env: {
      OIDC_GOOGLE_ISSUER: provider.issuer,
      OIDC_GOOGLE_CLIENT_ID: provider.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: provider.clientSecret,
    },
  };
}
