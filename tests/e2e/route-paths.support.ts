/**
 * Every route of app/routes.ts as a path, and a concrete URL for each, for the
 * suites that cover every route without a list of their own (CSRF, the HTTP
 * fuzzer): a new route is covered without editing them.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import type { DemoIds } from "./authorization-matrix.support";

export interface FlatRoute {
  path: string;
  file: string;
}

function flatten(entries: RouteConfigEntry[], parent = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    return [{ path: own || "/", file: entry.file }, ...flatten(entry.children ?? [], own)];
  });
}

/** Every route, layouts and index routes included (a layout shares its child's path). */
export const ALL_ROUTES: FlatRoute[] = flatten(routes as RouteConfigEntry[]);

/**
 * The route's path with its parameters filled from the demo ids; `firstParam`
 * replaces the first parameter instead (a hostile segment); `values` sets
 * others; a trailing `*` becomes `splat`.
 */
export function concretePath(
  routePath: string,
  ids: DemoIds,
  options: { firstParam?: string; splat?: string; values?: Record<string, number | string> } = {},
): string {
  const values: Record<string, number | string> = {
    staffId: ids.teacherUserId,
    classId: ids.classId,
    id: ids.classId,
    assignmentId: ids.assignmentId,
    studentId: ids.studentId,
    surveyId: ids.surveyId,
    schoolId: ids.schoolId,
    userId: ids.teacherUserId,
    drawingFile: "nothing.png",
    // The sign-in provider a suite configures (startSignInProvider); unknown, and so 404, where none is.
    provider: "google",
    ...options.values,
  };
  let first = true;
  return routePath
    .replace(/:(\w+)\??/g, (_, name: string) => {
      const value = first && options.firstParam !== undefined ? options.firstParam : String(values[name] ?? 1);
      first = false;
      return value;
    })
    .replace(/\*$/, options.splat ?? "");
}
