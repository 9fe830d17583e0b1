/**
 * The actors of the authorisation matrix (and of the CSRF suite), signed in
 * once per file over plain HTTP: sign-ins are rate limited, so each actor
 * logs in exactly once and its cookie is reused.
 *
 * "Another school's admin" does not exist in the demo data, so it is made
 * through the app itself: the platform admin creates a school (the HTML form
 * action) and bulk-creates an admin in it (the JSON API); the invitation's
 * set-password link is read from the server's mail log.
 */

import type { DemoAccountKey } from "~/server/seed/demo-data.server";
import { demoAccount } from "../support/browser";
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

export const OTHER_SCHOOL_ADMIN = { email: "head@elsewhere.example", password: "Elsewhere-Head-1" };

export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

export async function signIn(app: AppServer, email: string, password: string): Promise<string> {
  const response = await fetch(`${app.baseURL}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  if (response.status !== 302) throw new Error(`Signing in as ${email} gave ${response.status}`);
  const cookie = cookieFrom(response);
  if (!cookie) throw new Error(`Signing in as ${email} set no cookie`);
  return cookie;
}

async function signInDemo(app: AppServer, key: DemoAccountKey): Promise<string> {
  const account = demoAccount(key);
  return signIn(app, account.email, account.password);
}

export async function api(
  app: AppServer,
  who: ActorCredentials,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = { Origin: app.baseURL };
  if (who.cookie) headers.Cookie = who.cookie;
  if (who.bearer) headers.Authorization = `Bearer ${who.bearer}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(`${app.baseURL}${path}`, {
    method,
    headers,
    redirect: "manual",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok)
    throw new Error(`${response.url} gave ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** Creates the other school and its admin, signs every actor in, and finds the demo ids the matrix needs. */
export async function setUpActors(app: AppServer): Promise<{ actors: Record<Actor, ActorCredentials>; ids: DemoIds }> {
  const platformAdmin = await signInDemo(app, "platformAdmin");
  const admin: ActorCredentials = { cookie: platformAdmin };

  // Another active school, through the admin screen's form action.
  const created = await fetch(`${app.baseURL}/admin/schools`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.baseURL, Cookie: platformAdmin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "create", name: "Elsewhere High School" }),
  });
  const otherSchoolId = Number(/\/admin\/schools\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
  if (!otherSchoolId) throw new Error(`Creating a school gave ${created.status} ${created.headers.get("location")}`);

  // Its admin, through the JSON API; the invitation carries a set-password link.
  const bulk = await json<{ created: { id?: number; userId?: number; email: string }[] }>(
    await api(app, admin, "POST", "/api/users/bulk-create", {
      staffMembers: [{ name: "Elsa Where", email: OTHER_SCHOOL_ADMIN.email, role: "admin", school: otherSchoolId }],
    }),
  );
  if (bulk.created.length !== 1) throw new Error(`Bulk-create made ${bulk.created.length} users`);
  if (!app.mail) throw new Error("setUpActors needs a server started with catchMail: true");
  const link = await app.mail.waitForLink(OTHER_SCHOOL_ADMIN.email, "/reset-password");
  const token = new URL(link).searchParams.get("token") ?? "";
  const reset = await fetch(`${app.baseURL}/reset-password`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      token,
      newPassword: OTHER_SCHOOL_ADMIN.password,
      confirmPassword: OTHER_SCHOOL_ADMIN.password,
    }),
  });
  if (reset.status !== 302) throw new Error(`Setting the other admin's password gave ${reset.status}`);

  const [teacher, otherTeacher, schoolAdmin, archived, otherSchoolAdmin] = await Promise.all([
    signInDemo(app, "teacher"),
    signInDemo(app, "teacher2"),
    signInDemo(app, "schoolAdmin"),
    signInDemo(app, "archivedTeacher"),
    signIn(app, OTHER_SCHOOL_ADMIN.email, OTHER_SCHOOL_ADMIN.password),
  ]);

  // Ids, as the teacher and the platform admin see them.
  const mine = await json<{ classes: { id: number; name: string; schoolId?: number }[] }>(
    await api(app, { cookie: teacher }, "GET", "/api/classes/my-classes"),
  );
  const sunflowers = mine.classes.find((c) => c.name === "5A Sunflowers");
  const theirs = await json<{ classes: { id: number; name: string }[] }>(
    await api(app, { cookie: otherTeacher }, "GET", "/api/classes/my-classes"),
  );
  const maple = theirs.classes.find((c) => c.name === "6 Maple");
  if (!sunflowers || !maple) throw new Error("Demo classes not found");
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
    body: new URLSearchParams({ code: "SUNNY-4821", firstName: "Matrix", lastName: "Webstudent" }),
  });
  const studentWeb = cookieFrom(webJoin);
  if (webJoin.status !== 302 || !studentWeb.startsWith("__student="))
    throw new Error(`Joining in the browser gave ${webJoin.status} ${studentWeb}`);

  // A student joins 5A with its live code, through the student API.
  const joined = await json<{ token: string }>(
    await fetch(`${app.baseURL}/api/student/v1/join`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: "SUNNY-4821", firstName: "Matrix", lastName: "Student" }),
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
