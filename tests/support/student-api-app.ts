/**
 * The student API's route modules behind an in-process `fetch`, so the typed
 * client (app/lib/student-api/client.ts) can be used in integration tests
 * against a test database, without a build or a server:
 *
 *   const api = createStudentApiClient({ baseUrl: "http://school.test", fetch: studentApiFetch(database) });
 *
 * Routes are matched as app/routes.ts registers them (loader for GET, action
 * otherwise), with the same App context the root middleware provides.
 */
import { RouterContextProvider } from "react-router";
import { allowedMethods } from "~/http/api-routes.server";
import * as assignmentsRoute from "~/routes/api/student/assignments";
import * as drawingsRoute from "~/routes/api/student/drawings";
import * as heartbeatRoute from "~/routes/api/student/heartbeat";
import * as joinRoute from "~/routes/api/student/join";
import * as joinCollectRoute from "~/routes/api/student/join-collect";
import * as openapiRoute from "~/routes/api/student/openapi";
import * as responsesRoute from "~/routes/api/student/responses";
import * as revokeRoute from "~/routes/api/student/revoke-tokens";
import * as surveyRoute from "~/routes/api/student/survey";
import { appContext, requestInfoContext } from "~/server/context.server";
import type { Database } from "~/server/db/client.server";
import { contractCheckedFetch } from "./student-api-contract";
import { createTestApp } from "./test-app";

type Handler = (args: {
  request: Request;
  context: RouterContextProvider;
  params: Record<string, string>;
}) => Response | Promise<Response>;
interface RouteModule {
  loader?: unknown;
  action?: unknown;
}

const table: [RegExp, RouteModule][] = [
  [/^\/api\/student\/v1\/join$/, joinRoute],
  [/^\/api\/student\/v1\/join\/collect$/, joinCollectRoute],
  [/^\/api\/student\/v1\/heartbeat$/, heartbeatRoute],
  [/^\/api\/student\/v1\/assignments$/, assignmentsRoute],
  [/^\/api\/student\/v1\/surveys\/(?<surveyId>[^/]+)$/, surveyRoute],
  [/^\/api\/student\/v1\/assignments\/(?<assignmentId>[^/]+)\/responses$/, responsesRoute],
  [/^\/api\/student\/v1\/assignments\/(?<assignmentId>[^/]+)\/drawings$/, drawingsRoute],
  [/^\/api\/student\/v1\/openapi\.json$/, openapiRoute],
  [/^\/api\/classes\/(?<classId>[^/]+)\/students\/(?<studentId>[^/]+)\/tokens$/, revokeRoute],
];

export function studentApiFetch(database: Database, options: { clientAddress?: string } = {}): typeof fetch {
  const app = createTestApp(database);
  let requests = 0;
  // Every answer is checked against the OpenAPI document (./student-api-contract.ts).
  return contractCheckedFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    for (const [pattern, module] of table) {
      const match = pattern.exec(pathname);
      if (!match) continue;
      // The server entry's own rule for methods (app/http/api-routes.server.ts).
      const allow = allowedMethods(module);
      if (!allow.includes(request.method)) {
        return Response.json(
          { code: "METHOD_NOT_ALLOWED", message: `${request.method} is not allowed here.` },
          { status: 405, headers: { Allow: allow.join(", ") } },
        );
      }
      const handler = (
        request.method === "GET" || request.method === "HEAD" ? module.loader : module.action
      ) as Handler;
      const context = new RouterContextProvider();
      context.set(appContext, await app);
      context.set(requestInfoContext, {
        requestId: `student-api-${++requests}`,
        clientAddress: options.clientAddress ?? "127.0.0.1",
      });
      return handler({ request, context, params: { ...match.groups } });
    }
    return Response.json({ code: "NOT_FOUND", message: "Not Found" }, { status: 404 });
  });
}
