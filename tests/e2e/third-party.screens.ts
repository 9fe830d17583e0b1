/**
 * Every screen of the app with the actors' data (createActorsWorld), and who visits it: the one
 * crawl of tests/e2e/screens.test.ts.
 */
import type { BrowserContext } from "playwright-core";
import type { AppServer } from "../support/server";
import {
  type Actor,
  type ActorCredentials,
  type ActorsWorld,
  api,
  type DemoIds,
  setUpActors,
} from "./authorization-matrix.support";

export interface Screen {
  path: string;
  actor: Actor;
}

export async function listScreens(
  app: AppServer<ActorsWorld>,
): Promise<{ screens: Screen[]; actors: Record<Actor, ActorCredentials>; ids: DemoIds }> {
  const { actors, ids } = await setUpActors(app);
  const surveys = (await (await api(app, actors.platformAdmin, "GET", "/api/surveys")).json()) as {
    data: { id: number }[];
  };
  const signedIn = (paths: string[]): Screen[] => paths.map((path) => ({ path, actor: "platformAdmin" as const }));
  const classPath = (ids: DemoIds, rest: string) => `/class/${ids.classId}${rest}`;
  return {
    actors,
    ids,
    screens: [
      ...["/login", "/signup", "/forgot-password", "/reset-password", "/verify-email"].map((path) => ({
        path,
        actor: "anon" as const,
      })),
      { path: "/blocked", actor: "archived" },
      // The students' side: /join for anyone, the rest with the student cookie.
      { path: "/join?code=SUNNY-4821", actor: "anon" },
      ...[
        "/student",
        `/student/assignments/${ids.studentAssignmentId}`,
        `/student/assignments/${ids.studentAssignmentId}/thanks`,
      ].map((path) => ({ path, actor: "studentWeb" as const })),
      ...signedIn([
        "/home",
        "/account/password",
        "/survey",
        ...surveys.data.map((survey) => `/survey/content/${survey.id}`),
        "/admin/staff",
        "/admin/schools",
        `/admin/schools/${ids.schoolId}`,
        `/admin/schools/${ids.schoolId}/import`,
        "/admin/create-class",
        "/admin/settings",
        "/admin/survey",
        `/admin/survey/${ids.surveyId}`,
        classPath(ids, "/home"),
        classPath(ids, "/create"),
        classPath(ids, "/surveys"),
        classPath(ids, "/surveys/manage"),
        classPath(ids, "/surveys/library"),
        classPath(ids, `/surveys/results/${ids.assignmentId}`),
        classPath(ids, `/surveys/schedule/${ids.assignmentId}`),
        classPath(ids, "/students/manage"),
        classPath(ids, `/student/${ids.studentId}`),
        classPath(ids, `/student/${ids.studentId}/delete`),
        classPath(ids, "/projector"),
        classPath(ids, `/assignments/${ids.assignmentId}/projector`),
        classPath(ids, "/students/cards"),
        "/no-such-page",
      ]),
    ],
  };
}

/** Puts an actor's session cookie into a browser context. */
export async function signInContext(context: BrowserContext, baseURL: string, who: ActorCredentials): Promise<void> {
  if (!who.cookie) return;
  await context.addCookies(
    who.cookie.split("; ").map((pair) => {
      const index = pair.indexOf("=");
      return { name: pair.slice(0, index), value: pair.slice(index + 1), url: baseURL };
    }),
  );
}
