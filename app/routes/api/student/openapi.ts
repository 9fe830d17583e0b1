/** GET /api/student/v1/openapi.json: the OpenAPI 3.1 document, generated from the request schemas. */
import { buildStudentOpenApiDocument } from "~/lib/student-api/openapi";

let document: string | undefined;

export function loader() {
  document ??= JSON.stringify(buildStudentOpenApiDocument());
  return new Response(document, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
