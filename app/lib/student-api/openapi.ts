/**
 * The student API's OpenAPI 3.1 document, generated from the zod schemas in
 * ./schemas.ts (the same ones the routes validate with). Served at
 * GET /api/student/v1/openapi.json.
 */
import { z } from "zod";
import {
  assignmentsResponseSchema,
  drawingUploadResponseSchema,
  errorResponseSchema,
  heartbeatResponseSchema,
  joinRequestSchema,
  joinResponseSchema,
  MAX_DRAWING_BYTES,
  revokeTokensResponseSchema,
  submitResponseRequestSchema,
  submitResponseResponseSchema,
  surveyContentResponseSchema,
} from "./schemas";

export const STUDENT_API_VERSION = "1.0.0";
export const STUDENT_API_BASE_PATH = "/api/student/v1";

type JsonObject = Record<string, unknown>;

/** Converts one schema; its named parts ($defs) are collected into `components`. */
function schemaRef(schema: z.ZodType, io: "input" | "output", components: Record<string, unknown>): JsonObject {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonObject;
  const rewritten = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonObject;
  const { $defs, $schema: _dialect, ...root } = rewritten as JsonObject & { $defs?: Record<string, unknown> };
  for (const [name, def] of Object.entries($defs ?? {})) components[name] ??= def;
  return root;
}

export function buildStudentOpenApiDocument(): JsonObject {
  const schemas: Record<string, unknown> = {};
  const body = (schema: z.ZodType) => ({ "application/json": { schema: schemaRef(schema, "input", schemas) } });
  const ok = (description: string, schema: z.ZodType) => ({
    description,
    content: { "application/json": { schema: schemaRef(schema, "output", schemas) } },
  });
  const error = (description: string) => ({
    description,
    content: { "application/json": { schema: schemaRef(errorResponseSchema, "output", schemas) } },
  });
  const idParam = (name: string, description: string) => ({
    name,
    in: "path",
    required: true,
    description,
    schema: { type: "integer", minimum: 1 },
  });
  const unauthorized = error(
    "The student token is missing, unknown or revoked, or the student is no longer in the class.",
  );
  const bearer = [{ studentToken: [] }];

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Orliverse Classroom student API",
      version: STUDENT_API_VERSION,
      description:
        "The API the student app uses: join a class with a class code, report presence, list open assignments, read a survey and submit responses. Errors are `{ code, message, fieldErrors? }`. See docs/api.md for examples.",
    },
    servers: [{ url: STUDENT_API_BASE_PATH }],
    components: {
      securitySchemes: {
        studentToken: {
          type: "http",
          scheme: "bearer",
          description: "The token from POST /join. Never send cookies with it.",
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
            "Matches the name to the class roster ignoring case and spaces, or adds a new student. Rate-limited per IP and per code.",
          requestBody: { required: true, content: body(joinRequestSchema) },
          responses: {
            "200": ok("Joined. Keep the token.", joinResponseSchema),
            "400": error("A field is missing or too long (fieldErrors)."),
            "404": error("CLASS_CODE_NOT_FOUND: no class has this code."),
            "410": error("CLASS_CODE_STOPPED or CLASS_CODE_EXPIRED: ask the teacher for a new code."),
            "429": error("RATE_LIMITED: too many tries; wait a few minutes."),
          },
        },
      },
      "/heartbeat": {
        post: {
          operationId: "heartbeat",
          summary: "Mark the student online now",
          description:
            "Send about once a minute while the app is open; teachers see students seen in the last 2 minutes as online.",
          security: bearer,
          responses: { "200": ok("Seen.", heartbeatResponseSchema), "401": unauthorized },
        },
      },
      "/assignments": {
        get: {
          operationId: "listAssignments",
          summary: "The class's open (active) assignments",
          security: bearer,
          responses: { "200": ok("Open assignments, newest first.", assignmentsResponseSchema), "401": unauthorized },
        },
      },
      "/surveys/{surveyId}": {
        get: {
          operationId: "getSurvey",
          summary: "The survey content of an open assignment",
          security: bearer,
          parameters: [idParam("surveyId", "The survey id from GET /assignments.")],
          responses: {
            "200": ok("The survey's blocks.", surveyContentResponseSchema),
            "401": unauthorized,
            "404": error("No open assignment of this survey in the student's class."),
            "503": error("CONTENT_UNAVAILABLE: the content service is down; retry later."),
          },
        },
      },
      "/assignments/{assignmentId}/responses": {
        post: {
          operationId: "submitResponse",
          summary: "Submit (or replace) the student's response",
          description:
            "One response per student per assignment; a later submission replaces the earlier one until the survey closes. Send an Idempotency-Key: a retry with the same key and answers gets the same answer back (header Idempotent-Replayed: true).",
          security: bearer,
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
            "200": ok("Stored.", submitResponseResponseSchema),
            "400": error("VALIDATION: fieldErrors are keyed by block _uid."),
            "401": unauthorized,
            "404": error("No such assignment in the student's class."),
            "409": error(
              "'This survey is closed', 'This survey has not started yet', or an Idempotency-Key reused with other answers.",
            ),
          },
        },
      },
      "/assignments/{assignmentId}/drawings": {
        post: {
          operationId: "uploadDrawing",
          summary: "Upload a drawing (PNG) for a response-art question",
          description: `Send the PNG bytes as the body with Content-Type image/png, at most ${MAX_DRAWING_BYTES} bytes and 4096 px a side. Then submit { "<art _uid>": { "drawingId": "<id>" } }.`,
          security: bearer,
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
            "201": ok("Stored; name it in the submission.", drawingUploadResponseSchema),
            "400": error("fieldUid is not a drawing question of this survey."),
            "401": unauthorized,
            "409": error("The survey is closed or not started."),
            "413": error("PAYLOAD_TOO_LARGE."),
            "415": error("UNSUPPORTED_MEDIA_TYPE: not a PNG."),
          },
        },
      },
      "/openapi.json": {
        get: { operationId: "openapi", summary: "This document", responses: { "200": { description: "OpenAPI 3.1" } } },
      },
    },
    "x-teacher-endpoints": {
      "DELETE /api/classes/{classId}/students/{studentId}/tokens": {
        description: "A teacher (session cookie, same-site Origin) signs a student out of the student app.",
        response: schemaRef(revokeTokensResponseSchema, "output", schemas),
      },
    },
  };
}
