/**
 * The student API's OpenAPI document passes Redocly CLI's lint
 * (`recommended-strict`, tests/contracts/redocly.yaml) with no error and no
 * warning. It is the only OpenAPI document the app serves
 * (GET /api/student/v1/openapi.json; tests/integration/student-api.test.ts
 * checks the served one is this one).
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DEVICE_ID_PATTERN } from "./limits";
import { buildStudentOpenApiDocument } from "./openapi";

const REDOCLY = path.resolve("node_modules/@redocly/cli/bin/cli.js");
const CONFIG = path.resolve("tests/contracts/redocly.yaml");

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "orliverse-openapi-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function lint(document: unknown, name: string): Promise<LintReport> {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(document, null, 2));
  const run = await promisify(execFile)(
    process.execPath,
    [REDOCLY, "lint", "--config", CONFIG, "--format", "json", file],
    {
      // No telemetry, no update check: the tests run offline.
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", CI: "true" },
      maxBuffer: 10 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    // A failed lint exits with 1 and still prints its JSON report.
    if (!error.stdout) throw new Error(`redocly lint did not run: ${error.stderr ?? String(error)}`);
    return { stdout: error.stdout };
  });
  return JSON.parse(run.stdout) as LintReport;
}

const problemLines = (report: LintReport) =>
  report.problems.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);

test("the student API document passes redocly lint (recommended-strict) with 0 errors and 0 warnings", async () => {
  const report = await lint(buildStudentOpenApiDocument(), "student-api.json");
  expect(problemLines(report)).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
}, 60_000);

test("the lint is live: an operation without security and 4xx answers is refused", async () => {
  const document = buildStudentOpenApiDocument() as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const join = document.paths["/join"].post;
  delete join.security;
  join.responses = { "200": (join.responses as Record<string, unknown>)["200"] };
  const report = await lint(document, "broken.json");
  expect(report.problems.map((problem) => problem.ruleId)).toEqual(
    expect.arrayContaining(["security-defined", "operation-4xx-response"]),
  );
}, 60_000);

test("POST /join documents the optional X-Device-Id header with the pattern the server checks", () => {
  const document = buildStudentOpenApiDocument() as {
    paths: Record<string, Record<string, { parameters?: { $ref: string }[] }>>;
    components: {
      parameters: Record<string, { name: string; in: string; required: boolean; schema: { pattern: string } }>;
    };
  };
  const refs = document.paths["/join"].post.parameters?.map((parameter) => parameter.$ref);
  expect(refs).toEqual(["#/components/parameters/DeviceId"]);
  const header = document.components.parameters.DeviceId;
  expect(header).toMatchObject({ name: "X-Device-Id", in: "header", required: false });
  const pattern = new RegExp(header.schema.pattern);
  expect(header.schema.pattern).toBe(DEVICE_ID_PATTERN.source);
  expect(pattern.test("3f9a1c7e5b2d4a6f8e0c")).toBe(true);
  expect(pattern.test("too-short")).toBe(false);
});
