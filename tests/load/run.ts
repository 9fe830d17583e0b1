/**
 * `npm run load`: holds a mixed load on the production server for
 * LOAD_SECONDS (60), over loopback, with two wrk processes at once:
 *
 * - teachers: signed-in teachers reading their classes' home and results
 *   pages in turn;
 * - students: student-app submissions (POST /api/student/v1/assignments/{id}/
 *   responses with a student token), each a new (student, assignment) pair;
 * - web: students answering in the browser: each joins once with its class's
 *   code (POST /join, the student cookie), then posts the answering form to
 *   its class's surveys round after round (a later send replaces the earlier
 *   response, so every pair must end with exactly one).
 *
 * It prints each stream's requests/second, p50/p99 latency and errors, then
 * compares the responses in the database with the successful submissions.
 * Unlike `npm run bench` it is a check: it exits 1 on any error (a status
 * other than 200, a socket error, a timeout, a request left unanswered) or
 * when the database does not hold exactly one response per successful
 * submission. The Lua side is tests/load/stream.lua.
 *
 * Then the school morning (tests/load/school-morning.ts): a whole school and
 * one spoiler behind one address; LOAD_MINUTES (10) compresses it.
 *
 * Environment: LOAD_PARTS ("mixed,school-morning"), LOAD_SECONDS (60), LOAD_TEACHER_CONNECTIONS (8),
 * LOAD_STUDENT_CONNECTIONS (8), LOAD_MAX_RATE (1000: submissions/second the
 * prepared students and assignments suffice for), DATABASE_URL (run on
 * PostgreSQL instead of a fresh PGlite).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { openDatabase } from "~/server/db/client.server";
import { responses } from "~/server/db/schema.server";
import { ensureBuild, ensureWrk, login } from "../bench/harness";
import { type AppServer, freePort, spawnServer } from "../support/app-process";
import { type LoadData, prepareLoadData } from "./fixtures";
import { schoolMorning } from "./school-morning";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const TEACHER_CONNECTIONS = Number(process.env.LOAD_TEACHER_CONNECTIONS ?? 8);
const STUDENT_CONNECTIONS = Number(process.env.LOAD_STUDENT_CONNECTIONS ?? 8);
const WEB_CONNECTIONS = Number(process.env.LOAD_WEB_CONNECTIONS ?? 4);
/** Classes of web students: each student joins once (successful joins never count against the address). */
const WEB_CLASSES = Number(process.env.LOAD_WEB_CLASSES ?? 4);
const MAX_RATE = Number(process.env.LOAD_MAX_RATE ?? 1000);
const CLASS_SIZE = 30;
const TEACHERS = 10;
/** wrk's per-request timeout (slower answers count as errors); wrk may run this long past the deadline for the last answers. */
const TIMEOUT_SECONDS = 30;
const LUA_TEMPLATE = path.resolve("tests/load/stream.lua");

interface StreamResult {
  sent: number;
  answered: number;
  ok: number;
  exhausted: boolean;
  statuses: Record<string, number>;
  connect: number;
  read: number;
  write: number;
  timeout: number;
  /** microseconds */
  p50: number;
  p99: number;
}

async function main(): Promise<boolean> {
  ensureBuild();
  ensureWrk();
  const workDir = await mkdtemp(path.join(tmpdir(), "orliverse-load-"));
  const databaseUrl = process.env.DATABASE_URL;
  const open = () => openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(workDir, "data") });
  let server: AppServer | undefined;
  try {
    console.log(`Preparing students and running surveys for ${SECONDS * MAX_RATE} submissions...`);
    const database = await open();
    const data = await prepareLoadData(database.db, {
      contentDir: path.resolve("content"),
      submissions: SECONDS * MAX_RATE,
      classSize: CLASS_SIZE,
      teacherCount: TEACHERS,
      webClassCount: WEB_CLASSES,
    });
    await database.close();
    console.log(
      `Prepared ${data.classes.length} classes of ${CLASS_SIZE} students with ${data.classes[0].assignments.length} surveys each.`,
    );

    const where = databaseUrl ? "PostgreSQL (DATABASE_URL)" : "a fresh PGlite";
    console.log(`Starting the production server on ${where}...`);
    server = await spawnServer({
      port: await freePort(),
      env: {
        NODE_ENV: "production",
        SESSION_SECRET: randomBytes(32).toString("hex"),
        SECURE_COOKIES: "false",
        LOG_LEVEL: "warn",
        DATA_DIR: path.join(workDir, "data"),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      readyTimeoutMs: 180_000,
    });

    const pages = await teacherPages(server.baseURL, data);
    const web = await joinWebStudents(server.baseURL, data);
    const deadline = Math.ceil(Date.now() / 1000) + SECONDS;
    const start = Date.now();
    const lua = (name: string, load: object) => {
      const file = path.join(workDir, `${name}.lua`);
      const doneFile = path.join(workDir, `${name}.done`);
      writeFileSync(file, `LOAD = ${toLua({ deadline, doneFile, ...load })}\n${readFileSync(LUA_TEMPLATE, "utf8")}`);
      return { file, doneFile };
    };
    const teacherScript = lua("teachers", { pages });
    const studentScript = lua("students", {
      classSize: CLASS_SIZE,
      tokens: data.classes.flatMap((klass) => klass.tokens),
      assignments: data.classes.map((klass) => klass.assignments.map((assignment) => assignment.id)),
      bodies: data.classes[0].assignments.map((assignment) => assignment.body),
    });
    const webScript = lua("web", { okStatus: 302, web });
    const duration = Math.ceil((deadline * 1000 - Date.now()) / 1000) + TIMEOUT_SECONDS + 1;
    console.log(
      `Holding the load for ${((deadline * 1000 - start) / 1000).toFixed(1)} s: ` +
        `teachers on ${TEACHER_CONNECTIONS} connections, students on ${STUDENT_CONNECTIONS}, ` +
        `web students on ${WEB_CONNECTIONS} (wrk over loopback)...`,
    );
    const [teachers, students, webStudents] = await Promise.all([
      wrk(server.baseURL, teacherScript, TEACHER_CONNECTIONS, duration),
      wrk(server.baseURL, studentScript, STUDENT_CONNECTIONS, duration),
      wrk(server.baseURL, webScript, WEB_CONNECTIONS, duration),
    ]);
    const loadSeconds = (deadline * 1000 - start) / 1000;
    await server.stop();
    const serverOutput = server.output();
    server = undefined;

    const check = await open();
    const assignmentIds = data.classes.flatMap((klass) => klass.assignments.map((assignment) => assignment.id));
    const stored = await check.db.$count(responses, inArray(responses.assignmentId, assignmentIds));
    const webAssignmentIds = data.webClasses.flatMap((klass) => klass.assignments.map((assignment) => assignment.id));
    const webStored = await check.db.$count(responses, inArray(responses.assignmentId, webAssignmentIds));
    await check.close();

    const webPairs = Math.min(webStudents.ok, web.cookies.length * web.forms.length);
    const held = report(where, loadSeconds, { teachers, students, web: webStudents }, stored, {
      stored: webStored,
      pairs: webPairs,
    });
    if (!held) console.log(`\nServer output (last lines):\n${serverOutput.split("\n").slice(-15).join("\n")}`);
    return held;
  } catch (error) {
    if (server) console.error(`Server output (last lines):\n${server.output().split("\n").slice(-15).join("\n")}`);
    throw error;
  } finally {
    await server?.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Every web student joins once with its class's code, as a browser does; their cookies, and per student its class's surveys. */
async function joinWebStudents(baseURL: string, data: LoadData) {
  const cookies: string[] = [];
  const assignments: number[][] = [];
  for (const klass of data.webClasses) {
    for (const student of klass.students) {
      const response = await fetch(`${baseURL}/join`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ code: klass.code, ...student }),
      });
      const cookie = response.headers
        .getSetCookie()
        .find((value) => value.startsWith("__student="))
        ?.split(";")[0];
      if (response.status !== 302 || !cookie) throw new Error(`Joining ${klass.code} gave ${response.status}`);
      cookies.push(cookie);
      assignments.push(klass.assignments.map((assignment) => assignment.id));
    }
  }
  return { cookies, assignments, forms: data.webClasses[0]?.assignments.map((a) => a.form) ?? [], origin: baseURL };
}

/** Every teacher signs in; each class gives its home page and one of its results pages. */
async function teacherPages(baseURL: string, data: LoadData) {
  const cookies: string[] = [];
  for (const teacher of data.teachers) {
    const cookie = await login(baseURL, teacher);
    if (cookie.length === 0) throw new Error(`${teacher.email} could not sign in.`);
    cookies.push(cookie.join("; "));
  }
  return data.classes.flatMap((klass, c) => [
    { path: `/class/${klass.id}/home`, cookie: cookies[klass.teacher] },
    {
      path: `/class/${klass.id}/surveys/results/${klass.assignments[c % klass.assignments.length].id}`,
      cookie: cookies[klass.teacher],
    },
  ]);
}

/**
 * Runs one wrk stream (one thread) and returns what stream.lua's done()
 * reported. SIGINT (wrk's way to end early) once the script says every
 * request sent has its answer.
 */
function wrk(
  baseURL: string,
  script: { file: string; doneFile: string },
  connections: number,
  seconds: number,
): Promise<StreamResult> {
  const args = [
    "-t1",
    `-c${connections}`,
    `-d${seconds}s`,
    "--timeout",
    `${TIMEOUT_SECONDS}s`,
    "-s",
    script.file,
    baseURL,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const poll = setInterval(() => existsSync(script.doneFile) && child.kill("SIGINT"), 200);
    child.on("error", reject);
    child.on("close", () => {
      clearInterval(poll);
      const line = output.split("\n").find((candidate) => candidate.startsWith("LOAD_RESULT "));
      if (line) resolve(JSON.parse(line.slice("LOAD_RESULT ".length)));
      else reject(new Error(`wrk gave no result:\n${output}`));
    });
  });
}

function report(
  where: string,
  seconds: number,
  streams: Record<string, StreamResult>,
  stored: number,
  web: { stored: number; pairs: number },
): boolean {
  const load = loadavg().map((value) => value.toFixed(1));
  console.log(`\nLoad held for ${seconds.toFixed(1)} s on ${where} (machine load average now ${load.join(", ")}):\n`);
  console.log("stream    requests   req/s     p50        p99        errors");
  let failed = false;
  for (const [name, result] of Object.entries(streams)) {
    const errors = [
      ...Object.entries(result.statuses).map(([status, count]) => `${count} × HTTP ${status}`),
      ...(["connect", "read", "write", "timeout"] as const)
        .filter((kind) => result[kind] > 0)
        .map((kind) => `${result[kind]} socket ${kind}`),
      ...(result.sent > result.answered ? [`${result.sent - result.answered} unanswered`] : []),
      ...(result.exhausted ? [`ran out of new (student, assignment) pairs: raise LOAD_MAX_RATE`] : []),
    ];
    failed ||= errors.length > 0;
    console.log(
      `${name.padEnd(9)} ${String(result.answered).padStart(8)} ${(result.answered / seconds).toFixed(1).padStart(7)}` +
        `  ${ms(result.p50).padStart(9)}  ${ms(result.p99).padStart(9)}   ${errors.length ? errors.join(", ") : "0"}`,
    );
  }
  const { ok } = streams.students;
  const same = stored === ok;
  failed ||= !same;
  console.log(
    `\nResponses in the database: ${stored}; successful submissions: ${ok} ${same ? "(equal: none lost)" : `(DIFFERENT by ${stored - ok})`}`,
  );
  const webSame = web.stored === web.pairs;
  failed ||= !webSame;
  console.log(
    `Web form: responses in the database: ${web.stored}; (student, survey) pairs sent successfully: ${web.pairs} ${webSame ? "(equal: one each, none lost)" : `(DIFFERENT by ${web.stored - web.pairs})`}`,
  );
  console.log(failed ? "\nLOAD FAILED" : "\nLoad held: no errors, no lost responses.");
  return !failed;
}

const ms = (microseconds: number) => `${(microseconds / 1000).toFixed(1)} ms`;

/** A Lua table constructor for plain data. JSON strings read the same in Lua (no control characters here). */
function toLua(value: unknown): string {
  if (Array.isArray(value)) return `{${value.map(toLua).join(",")}}`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, item]) => `${key}=${toLua(item)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Which parts run: "mixed" (the load above) and "school-morning" (tests/load/school-morning.ts); both by default. */
const PARTS = (process.env.LOAD_PARTS ?? "mixed,school-morning").split(",").map((part) => part.trim());

if (!PARTS.includes("mixed") && !PARTS.includes("school-morning")) {
  // Also how tests/integration/cli-scripts.test.ts loads every module of the load run under tsx.
  console.log("Nothing to run: LOAD_PARTS names neither mixed nor school-morning.");
}
try {
  let held = true;
  if (PARTS.includes("mixed")) held = (await main()) && held;
  if (PARTS.includes("school-morning")) held = (await schoolMorning()) && held;
  process.exitCode = held ? 0 : 1;
} catch (error) {
  console.error(`The load run did not complete: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
}
