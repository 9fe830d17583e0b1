/**
 * Every student API answer a test gets is checked against the OpenAPI
 * document (app/lib/student-api/openapi.ts), whatever the test itself
 * asserts (docs/decisions/132-student-api-contract-checked.md):
 *
 * - the status is one its operation lists (a method the path does not list
 *   may only be answered 405, or 403 by the cross-site check);
 * - an error is JSON `{ code, message, fieldErrors? }` with a code the
 *   document names for that status;
 * - a success parses with the operation's schema;
 * - the headers the document marks required are there (401
 *   `WWW-Authenticate`, 405 `Allow` naming the path's methods, 429 and 503
 *   `Retry-After`).
 *
 * Wrap a fetch with `contractCheckedFetch(fetch)`; tests/support/student-api-app.ts
 * does for the in-process routes. A violation fails the test that caused it,
 * after it ends (as a stray console.error does).
 */
import { afterEach } from "vitest";
import { buildStudentOpenApiDocument, SUCCESS_SCHEMAS } from "~/lib/student-api/openapi";
import { errorResponseSchema } from "~/lib/student-api/schemas";

type JsonObject = Record<string, unknown>;

interface ResponseSpec {
  headers?: Record<string, { $ref?: string; required?: boolean }>;
  content?: Record<string, { schema?: JsonObject }>;
}
interface OperationSpec {
  operationId: keyof typeof SUCCESS_SCHEMAS;
  responses: Record<string, ResponseSpec>;
}
interface PathSpec {
  pattern: RegExp;
  template: string;
  operations: Map<string, OperationSpec>;
}

const document = buildStudentOpenApiDocument() as {
  servers: { url: string }[];
  paths: Record<string, JsonObject & { servers?: { url: string }[] }>;
  components: { headers: Record<string, { required?: boolean }> };
};

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const paths: PathSpec[] = Object.entries(document.paths).map(([template, item]) => {
  const base = (item.servers ?? document.servers)[0].url;
  const full = `${base}${template}`;
  const pattern = new RegExp(
    `^${full
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
      .join("")}$`,
  );
  const operations = new Map<string, OperationSpec>();
  for (const method of HTTP_METHODS) {
    if (item[method]) operations.set(method.toUpperCase(), item[method] as OperationSpec);
  }
  return { pattern, template: full, operations };
});

/** The answer's problems against the document, as lines; none for a path the document does not describe. */
export async function studentApiContractViolations(
  request: { method: string; url: string },
  response: Response,
): Promise<string[]> {
  const { pathname } = new URL(request.url);
  const path = paths.find((candidate) => candidate.pattern.test(pathname));
  if (!path || request.method === "OPTIONS") return [];
  const method = request.method === "HEAD" ? "GET" : request.method;
  const status = response.status;
  const problems: string[] = [];
  const operation = path.operations.get(method);
  const documented = [...path.operations.keys()];

  let spec: ResponseSpec | undefined;
  if (operation) {
    spec = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`];
    if (!spec) {
      problems.push(
        `status ${status} is not listed for ${method} ${path.template} (lists ${Object.keys(operation.responses).join(", ")})`,
      );
    }
  } else {
    // A method the path does not take: 405 (or the cross-site refusal, which runs before any route).
    spec = [...path.operations.values()].map((candidate) => candidate.responses[String(status)]).find(Boolean);
    if (status !== 405 && status !== 403) {
      problems.push(
        `${method} is not a method of ${path.template} (${documented.join(", ")}), so it must be answered 405, not ${status}`,
      );
    }
  }
  if (!spec) return problems;

  for (const [name, header] of Object.entries(spec.headers ?? {})) {
    const required = header.required ?? (header.$ref ? document.components.headers[name]?.required : false);
    if (required && !response.headers.has(name)) problems.push(`status ${status} must carry the ${name} header`);
  }
  if (status === 405) {
    const allow = (response.headers.get("allow") ?? "").split(",").map((value) => value.trim().toUpperCase());
    const missing = documented.filter((candidate) => !allow.includes(candidate));
    if (missing.length > 0) problems.push(`Allow (${response.headers.get("allow")}) must name ${missing.join(", ")}`);
  }

  if (request.method === "HEAD" || !spec.content?.["application/json"]) return problems;
  if (!(response.headers.get("content-type") ?? "").startsWith("application/json")) {
    problems.push(`status ${status} must be JSON, not ${response.headers.get("content-type")}`);
    return problems;
  }
  let body: unknown;
  try {
    body = JSON.parse(await response.clone().text());
  } catch {
    problems.push(`status ${status}: the body is not JSON`);
    return problems;
  }
  if (status >= 400) {
    const parsed = errorResponseSchema.safeParse(body);
    if (!parsed.success) {
      problems.push(
        `status ${status}: the body is not { code, message, fieldErrors? }: ${JSON.stringify(body).slice(0, 300)}`,
      );
    } else {
      const codes = errorCodes(spec);
      if (codes && !codes.includes(parsed.data.code)) {
        problems.push(`status ${status}: code ${parsed.data.code} is not one the document names (${codes.join(", ")})`);
      }
    }
  } else if (operation) {
    const parsed = SUCCESS_SCHEMAS[operation.operationId].safeParse(body);
    if (!parsed.success) {
      problems.push(
        `status ${status}: the body does not fit ${operation.operationId}'s schema: ${parsed.error.message.slice(0, 500)}`,
      );
    }
  }
  return problems;
}

/** The `code` enum of an error answer (`allOf: [Error, { properties: { code: { enum } } }]`). */
function errorCodes(spec: ResponseSpec): string[] | undefined {
  const schema = spec.content?.["application/json"]?.schema as {
    allOf?: { properties?: { code?: { enum?: string[] } } }[];
  };
  return schema?.allOf?.map((part) => part.properties?.code?.enum).find(Boolean);
}

const violations: string[] = [];
const pending = new Set<Promise<void>>();

/** A fetch whose every student API answer is checked against the document; violations fail the test. */
export function contractCheckedFetch(inner: typeof fetch): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = {
      method: (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase(),
      url: input instanceof Request ? input.url : String(input),
    };
    const response = await inner(input, init);
    const check = studentApiContractViolations(request, response)
      .then((problems) => {
        for (const problem of problems)
          violations.push(`${request.method} ${new URL(request.url).pathname} → ${problem}`);
      })
      .finally(() => pending.delete(check));
    pending.add(check);
    await check;
    return response;
  }) as typeof fetch;
}

// This module is evaluated once per test file, so this hook belongs to the file.
afterEach(async () => {
  while (pending.size > 0) await Promise.all([...pending]);
  if (violations.length === 0) return;
  const found = violations.splice(0);
  throw new Error(
    `The student API answered ${found.length} time(s) outside its OpenAPI document (app/lib/student-api/openapi.ts):\n- ${found.join("\n- ")}`,
  );
});
