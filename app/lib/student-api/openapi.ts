/**
 * The student API's OpenAPI 3.1 document, generated from the zod schemas in
 * ./schemas.ts (the same ones the routes validate with). Served at
 * GET /api/student/v1/openapi.json.
 *
 * Each operation lists every status its endpoint really answers, with the
 * error codes each status carries and the headers it always sends (401
 * `WWW-Authenticate`, 405 `Allow`, 429 and 503 `Retry-After`). The root
 * middleware and the server add answers the route modules never see (a
 * cookie without a same-site Origin is 403, an oversized body 413, a wrong
 * method 405, the database down 503); they are listed too. Redocly lints the
 * document, and the tests check every student API answer they get against it
 * (docs/decisions/132-student-api-contract-checked.md).
 */
import { z } from "zod";
import { LANGUAGE_CODES } from "../i18n/languages";
import { DEVICE_ID_PATTERN } from "./limits";
import {
  assignmentsResponseSchema,
  drawingUploadResponseSchema,
  errorResponseSchema,
  heartbeatResponseSchema,
  joinCollectRequestSchema,
  joinedResponseSchema,
  joinRequestSchema,
  joinResponseSchema,
  joinWaitingResponseSchema,
  MAX_DRAWING_BYTES,
  nameCloseToListedSchema,
  revokeTokensResponseSchema,
  submitResponseRequestSchema,
  submitResponseResponseSchema,
  surveyContentResponseSchema,
} from "./schemas";

export const STUDENT_API_VERSION = "1.1.0";
export const STUDENT_API_BASE_PATH = "/api/student/v1";
/** The teacher endpoint the document also describes lives under /api, beside the class API. */
const TEACHER_API_BASE_PATH = "/api";

type JsonObject = Record<string, unknown>;

/** Converts one schema; its named parts ($defs) are collected into `components`. */
function schemaRef(schema: z.ZodType, io: "input" | "output", components: Record<string, unknown>): JsonObject {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonObject;
  const rewritten = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonObject;
  const { $defs, $schema: _dialect, ...root } = rewritten as JsonObject & { $defs?: Record<string, unknown> };
  for (const [name, def] of Object.entries($defs ?? {})) components[name] ??= def;
  return root;
}

/** Headers an error answer always carries, by name in `components.headers`. */
type HeaderName = "Retry-After" | "Allow" | "WWW-Authenticate";

interface Refusal {
  description: string;
  /** The `code` values this status carries. */
  codes: string[];
  headers?: HeaderName[];
}

const HEADERS: Record<HeaderName, JsonObject> = {
  "Retry-After": {
    description: "Seconds to wait before trying again.",
    required: true,
    schema: { type: "integer", minimum: 1 },
  },
  Allow: {
    description: "The methods this path takes, e.g. `POST`.",
    required: true,
    schema: { type: "string" },
  },
  "WWW-Authenticate": {
    description: 'Always `Bearer realm="student"`.',
    required: true,
    schema: { type: "string" },
  },
};

/** Answers every student operation can give, whoever handles it. */
const methodNotAllowed: Refusal = {
  description:
    "METHOD_NOT_ALLOWED: this path does not take the request's method; `Allow` lists the ones it takes. Answered for any method the path does not list.",
  codes: ["METHOD_NOT_ALLOWED"],
  headers: ["Allow"],
};
const crossSite: Refusal = {
  description:
    "FORBIDDEN: the request carried a cookie (as a browser's would) without a same-site `Origin`. The student app never sends cookies.",
  codes: ["FORBIDDEN"],
};
const payloadTooLarge = (limit: string): Refusal => ({
  description: `PAYLOAD_TOO_LARGE: the body is over ${limit}; refused as soon as it passes the limit.`,
  codes: ["PAYLOAD_TOO_LARGE"],
});
const databaseDown: Refusal = {
  description: "SERVICE_UNAVAILABLE: the database is not answering; nothing was saved. Retry after `Retry-After`.",
  codes: ["SERVICE_UNAVAILABLE"],
  headers: ["Retry-After"],
};
const contentOrDatabaseDown: Refusal = {
  description:
    "CONTENT_UNAVAILABLE: the content service is down and no copy is cached; SERVICE_UNAVAILABLE: the database is not answering. Nothing was saved. Retry after `Retry-After`.",
  codes: ["CONTENT_UNAVAILABLE", "SERVICE_UNAVAILABLE"],
  headers: ["Retry-After"],
};
/**
 * The server's share of requests in flight per client address (app/http/in-flight-limits.server.ts, the
 * budget table in docs/security.md): any call may meet it when a whole school behind one address is at
 * its busiest, so every operation lists it, beside its own 429 where it has one.
 */
const ADDRESS_BUSY =
  "RATE_LIMITED (any call): this address already has its share of requests on their way, as a school behind one address may at its busiest; wait `Retry-After` seconds.";
function withAddressBusy(byStatus: Record<string, Refusal>): Record<string, Refusal> {
  const own = byStatus["429"];
  const busy: Refusal = own
    ? {
        ...own,
        description: `${own.description} ${ADDRESS_BUSY}`,
        codes: own.codes.includes("RATE_LIMITED") ? own.codes : [...own.codes, "RATE_LIMITED"],
        headers: own.headers?.includes("Retry-After") ? own.headers : [...(own.headers ?? []), "Retry-After"],
      }
    : { description: ADDRESS_BUSY, codes: ["RATE_LIMITED"], headers: ["Retry-After"] };
  return Object.fromEntries(Object.entries({ ...byStatus, "429": busy }).sort(([a], [b]) => a.localeCompare(b)));
}
const studentUnauthorized: Refusal = {
  description:
    "UNAUTHORIZED: the student token is missing, unknown, revoked or expired (it works for `expiresIn` seconds from the join, a school day), it is not an app token (a token from the student pages' cookie is refused here), the student is no longer in the class, or the class or its school is archived (archiving revokes every token for good; restoring does not bring them back). The app reacts the same way to all of them: forget the token and show the join screen (the teacher gives the class code). Retrying with the same token never helps.",
  codes: ["UNAUTHORIZED"],
  headers: ["WWW-Authenticate"],
};
const malformedJson = (what: string): Refusal => ({
  description: `VALIDATION: ${what} (fieldErrors); BAD_REQUEST: the body is not JSON.`,
  codes: ["VALIDATION", "BAD_REQUEST"],
});
const assignmentNotFound: Refusal = {
  description: "NOT_FOUND: no such assignment in the student's class, or its survey is no longer published.",
  codes: ["NOT_FOUND"],
};
const JSON_BODY_LIMIT = "the JSON body limit";

/** Each operation's success answer, by operationId: the document's 2xx schemas, and what tests check answers against. */
export const SUCCESS_SCHEMAS = {
  join: joinResponseSchema,
  collectJoin: joinResponseSchema,
  heartbeat: heartbeatResponseSchema,
  listAssignments: assignmentsResponseSchema,
  getSurvey: surveyContentResponseSchema,
  submitResponse: submitResponseResponseSchema,
  uploadDrawing: drawingUploadResponseSchema,
  openapi: z.looseObject({ openapi: z.literal("3.1.0") }),
  revokeStudentTokens: revokeTokensResponseSchema,
} satisfies Record<string, z.ZodType>;

export function buildStudentOpenApiDocument(): JsonObject {
  const schemas: Record<string, unknown> = {};
  const body = (schema: z.ZodType) => ({ "application/json": { schema: schemaRef(schema, "input", schemas) } });
  const ok = (description: string, schema: z.ZodType) => ({
    description,
    content: { "application/json": { schema: schemaRef(schema, "output", schemas) } },
  });
  const errorSchemaRef = schemaRef(errorResponseSchema, "output", schemas);
  const refusals = (byStatus: Record<string, Refusal>) =>
    Object.fromEntries(
      Object.entries(withAddressBusy(byStatus)).map(([status, refusal]) => [
        status,
        {
          description: refusal.description,
          ...(refusal.headers && {
            headers: Object.fromEntries(
              refusal.headers.map((name) => [name, { $ref: `#/components/headers/${name}` }]),
            ),
          }),
          content: {
            "application/json": {
              schema: {
                allOf: [errorSchemaRef, { type: "object", properties: { code: { enum: refusal.codes } } }],
              },
            },
          },
        },
      ]),
    );
  const idParam = (name: string, description: string) => ({
    name,
    in: "path",
    required: true,
    description,
    schema: { type: "integer", minimum: 1 },
  });
  const studentToken = [{ studentToken: [] }];

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Orliverse Classroom student API",
      version: STUDENT_API_VERSION,
      description:
        "The API the student app uses: join a class with a class code, report presence, list open assignments, read a survey and submit responses. Errors are `{ code, message, fieldErrors? }`; each operation lists the statuses and codes it answers. See docs/api.md for examples.",
    },
    servers: [{ url: STUDENT_API_BASE_PATH }],
    components: {
      securitySchemes: {
        studentToken: {
          type: "http",
          scheme: "bearer",
          description: "The token from POST /join. Never send cookies with it.",
        },
        teacherSession: {
          type: "apiKey",
          in: "cookie",
          name: "__session",
          description: "A signed-in teacher's session cookie; every call also needs a same-site `Origin`.",
        },
      },
      headers: HEADERS,
      parameters: {
        DeviceId: {
          name: "X-Device-Id",
          in: "header",
          required: false,
          description:
            "This installation's own random id, made once and kept for its life. Its failed joins then slow only this device, and it stays known: when its address's failed joins are used up by others, a known device is still checked. Without it (or with one that does not match the pattern), every device-less join from the address shares one device's allowance and is never known.",
          schema: { type: "string", pattern: DEVICE_ID_PATTERN.source, minLength: 16, maxLength: 64 },
          example: "3f9a1c7e5b2d4a6f8e0c",
        },
      },
      schemas,
    },
    paths: {
      "/join": {
        post: {
          operationId: "join",
          summary: "Join a class with its class code",
          description:
            "With `card` (the token in a sign-in card's QR code, `/join?card=…`): that student in that class, at once, whatever the class code does since. With a personal code (from the student's card): that student of the class, at once. Otherwise the name, normalised (NFKC, no invisible characters) and compared with the class roster by its confusable skeleton (Unicode TS #39): a rostered student nobody has joined as yet is joined at once; a student already joined on another device, or a new name in a class that holds new names, waits for the teacher (202); a new name is added, or refused (403), by the class's rule. The answers never tell whether a name is on the roster: 200 and 202 each have one shape, with the names as typed and no student id. Failed joins (a code that is not live, a wrong personal code, a name the class refuses) are limited per device (`X-Device-Id`) and per client address; successful joins never count. Once an address's failed joins are used up, devices seen at a checked join before are still checked, while a new device (an unknown `X-Device-Id`, or none) gets 429, or joins with a personal code checked together with the class code. Needs no token.",
          security: [],
          parameters: [{ $ref: "#/components/parameters/DeviceId" }],
          requestBody: { required: true, content: body(joinRequestSchema) },
          responses: {
            "200": ok("Joined. Keep the token for `expiresIn` seconds.", joinedResponseSchema),
            "202": ok(
              "The teacher has to let this device in. Keep `requestSecret` and call POST /join/collect every few seconds.",
              joinWaitingResponseSchema,
            ),
            ...refusals({
              "400": {
                description:
                  "VALIDATION: a field is missing or too long, a name is needed, the class needs a personal code, or the personal code is not one of the class's (fieldErrors.personalCode; counts as a failed join); for a new device while its address's failed joins are used up, one answer for a wrong class code or a wrong personal code (fieldErrors.code and fieldErrors.personalCode); BAD_REQUEST: the body is not JSON.",
                codes: ["VALIDATION", "BAD_REQUEST"],
              },
              "403": {
                description:
                  "NAME_NOT_ON_LIST: the class takes no new names and this one is not on its list (counts as a failed join). FORBIDDEN: the request carried a cookie without a same-site `Origin`.",
                codes: ["NAME_NOT_ON_LIST", "FORBIDDEN"],
              },
              "404": { description: "CLASS_CODE_NOT_FOUND: no class has this code.", codes: ["CLASS_CODE_NOT_FOUND"] },
              "405": methodNotAllowed,
              "410": {
                description:
                  "CLASS_CODE_STOPPED or CLASS_CODE_EXPIRED: ask the teacher for a new code. CARD_NOT_VALID: the sign-in card's `card` token no longer works (the cards were made again, the student got a new personal code or left the class, or the class was archived); counts as a failed join.",
                codes: ["CLASS_CODE_STOPPED", "CLASS_CODE_EXPIRED", "CARD_NOT_VALID"],
              },
              "413": payloadTooLarge(JSON_BODY_LIMIT),
              "429": {
                description:
                  "RATE_LIMITED: too many failed joins from this device, or from its address; or the address's failed joins are used up and this device is new (the message asks the child to ask the teacher; a personal code still works). Wait `Retry-After` seconds. Not checked, so it counts nowhere.",
                codes: ["RATE_LIMITED"],
                headers: ["Retry-After"],
              },
              "503": databaseDown,
            }),
            "409": {
              description:
                'NAME_CLOSE_TO_LISTED: the typed name is one or two letters from a name on the class list. Ask the student "Are you …?" with `suggestion`: yes, join again with that name; no, join again with the typed name and `newName: true`. Counts as a failed join; a class code asks at most 60 an hour, then a close name follows the class\'s rule unasked.',
              content: { "application/json": { schema: schemaRef(nameCloseToListedSchema, "output", schemas) } },
            },
          },
        },
      },
      "/join/collect": {
        post: {
          operationId: "collectJoin",
          summary: "Collect the token once the teacher lets this device in",
          description:
            "Send the `requestSecret` of a 202 from POST /join. 202 while the teacher has not answered; 200 with the token once they let the device in (once: the secret is then spent). Needs no token; not rate-limited (the secret cannot be guessed), but poll no more often than every few seconds.",
          security: [],
          requestBody: { required: true, content: body(joinCollectRequestSchema) },
          responses: {
            "200": ok("Let in. Keep the token.", joinedResponseSchema),
            "202": ok("Still waiting for the teacher. Ask again in a few seconds.", joinWaitingResponseSchema),
            ...refusals({
              "400": malformedJson("requestSecret is missing or too long"),
              "403": {
                description:
                  "JOIN_REFUSED: the teacher did not let this device in. FORBIDDEN: the request carried a cookie without a same-site `Origin`.",
                codes: ["JOIN_REFUSED", "FORBIDDEN"],
              },
              "405": methodNotAllowed,
              "410": {
                description:
                  "JOIN_REQUEST_GONE: the wait is over (too long, already collected, or no such request). Join again.",
                codes: ["JOIN_REQUEST_GONE"],
              },
              "413": payloadTooLarge(JSON_BODY_LIMIT),
              "503": databaseDown,
            }),
          },
        },
      },
      "/heartbeat": {
        post: {
          operationId: "heartbeat",
          summary: "Mark the student online now",
          description:
            "Send about once a minute while the app is open; teachers see students seen in the last 2 minutes as online. No body.",
          security: studentToken,
          responses: {
            "200": ok("Seen.", SUCCESS_SCHEMAS.heartbeat),
            ...refusals({
              "400": malformedJson("this call takes no body (an empty object at most)"),
              "401": studentUnauthorized,
              "403": crossSite,
              "405": methodNotAllowed,
              "413": payloadTooLarge(JSON_BODY_LIMIT),
              "429": {
                description:
                  "RATE_LIMITED: this token beats far more often than once a minute; wait `Retry-After` seconds.",
                codes: ["RATE_LIMITED"],
                headers: ["Retry-After"],
              },
              "503": databaseDown,
            }),
          },
        },
      },
      "/assignments": {
        get: {
          operationId: "listAssignments",
          summary: "The class's open (active) assignments",
          security: studentToken,
          responses: {
            "200": ok("Open assignments, newest first.", SUCCESS_SCHEMAS.listAssignments),
            ...refusals({ "401": studentUnauthorized, "405": methodNotAllowed, "503": databaseDown }),
          },
        },
      },
      "/surveys/{surveyId}": {
        get: {
          operationId: "getSurvey",
          summary: "The survey content of an open assignment",
          security: studentToken,
          description:
            "The survey in the student's language where it has a version in it (one that asks the same questions), else in its default; `language` and the Content-Language header say which. The student's language: `?lng=` (their choice in the app), else the class's language the teacher set, else the school's, else Accept-Language. Whatever the language shown, answers are checked against the survey's default: an option answer is its index, a choice answer sends the value from `choiceValues`.",
          parameters: [
            idParam("surveyId", "The survey id from GET /assignments."),
            {
              name: "lng",
              in: "query",
              required: false,
              description:
                "The student's own language choice in the app; it comes before the class's language. An unknown code is ignored.",
              schema: { type: "string", enum: [...LANGUAGE_CODES] },
            },
            {
              name: "Accept-Language",
              in: "header",
              required: false,
              description: "The device's languages: used when neither `lng` nor the class or school sets one.",
              schema: { type: "string", example: "de-DE,de;q=0.9,en;q=0.5" },
            },
          ],
          responses: {
            "200": {
              ...ok(
                "The survey's blocks, its language, and whether the assignment is anonymous.",
                SUCCESS_SCHEMAS.getSurvey,
              ),
              headers: {
                "Content-Language": {
                  description: "The language of the survey content (the same as `language`).",
                  schema: { type: "string", enum: [...LANGUAGE_CODES] },
                },
              },
            },
            ...refusals({
              "401": studentUnauthorized,
              "404": {
                description: "NOT_FOUND: no open assignment of this survey in the student's class.",
                codes: ["NOT_FOUND"],
              },
              "405": methodNotAllowed,
              "503": contentOrDatabaseDown,
            }),
          },
        },
      },
      "/assignments/{assignmentId}/responses": {
        post: {
          operationId: "submitResponse",
          summary: "Submit (or replace) the student's response",
          description:
            "One response per student per assignment; a later submission replaces the earlier one until the survey closes. Send an Idempotency-Key (header, or idempotencyKey in the body): every key is kept once per student and assignment, and a retry with the same key and answers writes nothing and gets the same answer back (header Idempotent-Replayed: true), even after newer submissions.",
          security: studentToken,
          parameters: [
            idParam("assignmentId", "The assignment id from GET /assignments."),
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description: "A random value (e.g. a UUID) per submission, reused on retries. At most 200 characters.",
              schema: { type: "string", maxLength: 200 },
            },
          ],
          requestBody: { required: true, content: body(submitResponseRequestSchema) },
          responses: {
            "200": ok("Stored.", SUCCESS_SCHEMAS.submitResponse),
            ...refusals({
              "400": malformedJson("fieldErrors are keyed by block _uid, or name the Idempotency-Key"),
              "401": studentUnauthorized,
              "403": crossSite,
              "404": assignmentNotFound,
              "405": methodNotAllowed,
              "409": {
                description:
                  "CONFLICT: 'This survey is closed', 'This survey has not started yet', or an Idempotency-Key reused with other answers.",
                codes: ["CONFLICT"],
              },
              "413": payloadTooLarge(JSON_BODY_LIMIT),
              "429": {
                description: "RATE_LIMITED: too many submissions with this token; wait `Retry-After` seconds.",
                codes: ["RATE_LIMITED"],
                headers: ["Retry-After"],
              },
              "503": contentOrDatabaseDown,
            }),
          },
        },
      },
      "/assignments/{assignmentId}/drawings": {
        post: {
          operationId: "uploadDrawing",
          summary: "Upload a drawing (PNG) for a response-art question",
          description: `Send the PNG bytes as the body with Content-Type image/png, at most ${MAX_DRAWING_BYTES} bytes and 4096 px a side. Then submit { "<art _uid>": { "drawingId": "<id>" } }.`,
          security: studentToken,
          parameters: [
            idParam("assignmentId", "The assignment id."),
            {
              name: "fieldUid",
              in: "query",
              required: true,
              description: "The response-art block's _uid.",
              schema: { type: "string" },
            },
          ],
          requestBody: {
            required: true,
            content: { "image/png": { schema: { type: "string", contentMediaType: "image/png" } } },
          },
          responses: {
            "201": ok("Stored; name it in the submission.", SUCCESS_SCHEMAS.uploadDrawing),
            ...refusals({
              "400": {
                description:
                  "VALIDATION: fieldUid is missing or not a drawing question of this survey, or the image is over 4096 px a side.",
                codes: ["VALIDATION"],
              },
              "401": studentUnauthorized,
              "403": crossSite,
              "404": assignmentNotFound,
              "405": methodNotAllowed,
              "409": { description: "CONFLICT: the survey is closed or not started.", codes: ["CONFLICT"] },
              "413": payloadTooLarge(`${MAX_DRAWING_BYTES} bytes`),
              "415": { description: "UNSUPPORTED_MEDIA_TYPE: not a PNG.", codes: ["UNSUPPORTED_MEDIA_TYPE"] },
              "429": {
                description:
                  "RATE_LIMITED: too many drawings uploaded in a few minutes; wait `Retry-After` seconds. QUOTA_EXCEEDED: the student, the class or the school has used its drawing bytes of the last 24 hours (the message says which, in words for the child); `Retry-After` says when the oldest counted drawing leaves the window. The app should let the student send the other answers without the drawing.",
                codes: ["RATE_LIMITED", "QUOTA_EXCEEDED"],
                headers: ["Retry-After"],
              },
              "503": contentOrDatabaseDown,
            }),
          },
        },
      },
      "/openapi.json": {
        get: {
          operationId: "openapi",
          summary: "This document",
          security: [],
          responses: {
            "200": {
              description: "The OpenAPI 3.1 document.",
              content: { "application/json": { schema: { type: "object" } } },
            },
            ...refusals({ "405": methodNotAllowed }),
          },
        },
      },
      "/classes/{classId}/students/{studentId}/tokens": {
        servers: [{ url: TEACHER_API_BASE_PATH }],
        delete: {
          operationId: "revokeStudentTokens",
          summary: "Sign a student out of the student app (teachers)",
          description:
            "A teacher of the class (or an admin in scope), with their session cookie and a same-site Origin, revokes every token the student holds for the class.",
          security: [{ teacherSession: [] }],
          parameters: [idParam("classId", "The class id."), idParam("studentId", "The student id.")],
          responses: {
            "200": ok("Revoked (possibly none).", SUCCESS_SCHEMAS.revokeStudentTokens),
            ...refusals({
              "400": malformedJson("this call takes no body (an empty object at most)"),
              "401": { description: "UNAUTHORIZED: not signed in.", codes: ["UNAUTHORIZED"] },
              "403": {
                description: "FORBIDDEN: no same-site Origin; BLOCKED: the account or its school is archived.",
                codes: ["FORBIDDEN", "BLOCKED"],
              },
              "404": {
                description: "NOT_FOUND: the class is not the caller's, or the student is not in it.",
                codes: ["NOT_FOUND"],
              },
              "405": methodNotAllowed,
              "503": databaseDown,
            }),
          },
        },
      },
    },
  };
}
