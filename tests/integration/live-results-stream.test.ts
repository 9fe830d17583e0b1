/**
 * ADR 206: the results' live stream over real HTTP (Express with the
 * compression middleware the server entry uses, in front of the full React
 * Router pipeline in-process, tests/support/app-handler.ts):
 * who may open it, its headers, the snapshot on connect, a snapshot after a
 * change, the heartbeat comment, and the end of the stream when the session
 * ends or the teacher loses the class; the class stream (issue 36) the same
 * way, and in the same budget.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import compression from "compression";
import { and, eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createSession } from "~/server/auth/session.server";
import { admitJoinRequest, refuseJoinRequest } from "~/server/class-codes/join-requests.server";
import { classTeachers, sessions } from "~/server/db/schema.server";
import { LIVE_STREAM_LIMITS } from "~/server/web/live-budget.server";
import { type InProcessApp, startInProcessApp } from "../support/app-handler";
import {
  actorOf,
  type ClassWorld,
  createAssignment,
  createClass,
  createClassCode,
  createClassWorld,
  createJoinRequest,
  createResponse,
  createStudent,
  createSurvey,
  createUser,
} from "../support/fixtures";

let server: InProcessApp;
let listener: http.Server;
let origin: string;
let world: ClassWorld;

beforeAll(async () => {
  server = await startInProcessApp({ env: { LIVE_RESULTS_HEARTBEAT_MS: "1000" } });
  const web = express();
  web.use(compression());
  web.use((req, res, next) => {
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    server
      .handle(new Request(`${origin}${req.url}`, { method: req.method, headers, signal: abort.signal }))
      .then((response) => {
        res.status(response.status);
        response.headers.forEach((value, name) => {
          res.setHeader(name, value);
        });
        if (!response.body) return void res.end();
        Readable.fromWeb(response.body as NodeReadableStream).pipe(res);
      })
      .catch(next);
  });
  listener = http.createServer(web);
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  world = await createClassWorld(server.app.db);
}, 240_000);

afterAll(async () => {
  listener?.closeAllConnections();
  await new Promise((resolve) => listener?.close(resolve));
  await server?.stop();
});

async function signedIn(userId: number): Promise<string> {
  const session = await createSession(server.app, userId, new Request(`${origin}/login`), null);
  return session.setCookie.split(";")[0];
}

async function activeAssignment() {
  const db = server.app.db;
  const survey = await createSurvey(db);
  const assignment = await createAssignment(db, { classId: world.class5A.id, surveyId: survey.id, status: "active" });
  const student = await createStudent(db, { schoolId: world.riverside.id, classId: world.class5A.id });
  return { assignment, student, path: `/class/${world.class5A.id}/surveys/results/${assignment.id}/stream` };
}

interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  text(): string;
  ended: Promise<void>;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  close(): void;
}

/**
 * A GET over real HTTP, read as it arrives (gzip offered, as a browser does); `accept` is an
 * EventSource's unless another client's is given.
 */
function openStream(
  path: string,
  cookie?: string,
  lastEventId?: string,
  accept = "text/event-stream",
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${origin}${path}`,
      {
        headers: {
          accept,
          "accept-encoding": "gzip",
          ...(cookie ? { cookie } : {}),
          ...(lastEventId ? { "last-event-id": lastEventId } : {}),
        },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        const ended = new Promise<void>((done) => response.on("close", () => done()));
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: () => body,
          ended,
          async waitFor(pattern, timeoutMs = 3000) {
            const deadline = Date.now() + timeoutMs;
            for (;;) {
              const match = body.match(pattern);
              if (match) return match;
              if (Date.now() > deadline) throw new Error(`No ${pattern} within ${timeoutMs} ms in:\n${body}`);
              await new Promise((wait) => setTimeout(wait, 20));
            }
          },
          close: () => request.destroy(),
        });
      },
    );
    request.on("error", (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

/** The `snapshot` events' data, parsed, in order. */
function snapshots(text: string): Array<{ responseCount: number; status: string; assignmentId: number }> {
  return [...text.matchAll(/^event: snapshot\ndata: (.*)\n\n/gm)].map((match) => JSON.parse(match[1]));
}

test("signed out: 401; another school's teacher and a colleague without the class: 404; an EventSource is told so in the stream", async () => {
  const { path } = await activeAssignment();
  const anonymous = await openStream(path, undefined, undefined, "application/json");
  expect(anonymous.status).toBe(401);
  await anonymous.ended;
  expect(anonymous.headers["content-type"]).toContain("application/json");
  // A browser's EventSource gets the same answer as an `end`, as when the session goes later (no failed connection).
  const signedOut = await openStream(path);
  await signedOut.ended;
  expect([signedOut.status, signedOut.headers["content-type"], signedOut.text()]).toEqual([
    200,
    "text/event-stream; charset=utf-8",
    'event: end\ndata: {"reason":"signed-out"}\n\n',
  ]);

  for (const user of [world.users.otherTeacher, world.users.colleague]) {
    const cookie = await signedIn(user.id);
    const other = await openStream(path, cookie, undefined, "application/json");
    expect(other.status).toBe(404);
    await other.ended;
    expect(other.headers["content-type"]).toContain("application/json");
    const told = await openStream(path, cookie);
    await told.ended;
    expect([told.status, told.text()]).toEqual([200, 'event: end\ndata: {"reason":"no-access"}\n\n']);
  }
  const unknown = await openStream(
    `/class/${world.class5A.id}/surveys/results/999999/stream`,
    await signedIn(world.users.teacher.id),
    undefined,
    "*/*",
  );
  expect(unknown.status).toBe(404);
  await unknown.ended;
});

test("the teacher's stream: uncompressed, uncached headers, a snapshot at once, one after an answer, and heartbeats", async () => {
  const { assignment, student, path } = await activeAssignment();
  const stream = await openStream(path, await signedIn(world.users.teacher.id));
  try {
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toBe("text/event-stream");
    expect(stream.headers["cache-control"]).toBe("private, no-store, no-transform");
    expect(stream.headers["x-accel-buffering"]).toBe("no");
    // no-transform keeps compression from buffering the events.
    expect(stream.headers["content-encoding"]).toBeUndefined();

    await stream.waitFor(/^event: snapshot\ndata: .*\n\n/m);
    expect(snapshots(stream.text())).toEqual([
      expect.objectContaining({ assignmentId: assignment.id, status: "active", responseCount: 0, questions: [] }),
    ]);

    const started = Date.now();
    await createResponse(server.app.db, { assignmentId: assignment.id, studentId: student.id, answers: {} });
    await stream.waitFor(/"responseCount":1/, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(snapshots(stream.text()).map((s) => s.responseCount)).toEqual([0, 1]);

    // A comment line: ignored by EventSource, keeps proxies from closing an idle stream.
    await stream.waitFor(/^: heartbeat\n/m, 2500);
    // Nothing changed: a heartbeat sends no new snapshot.
    expect(snapshots(stream.text())).toHaveLength(2);
  } finally {
    stream.close();
  }
});

/** The `snapshot` events' ids, in order. */
function eventIds(text: string): string[] {
  return [...text.matchAll(/^id: (.*)\nevent: snapshot\n/gm)].map((match) => match[1]);
}

test("a reconnect with Last-Event-ID resumes: nothing repeated when nothing changed, every change after it once (issue #37)", async () => {
  const { assignment, student, path } = await activeAssignment();
  const cookie = await signedIn(world.users.teacher.id);
  const first = await openStream(path, cookie);
  let lastId: string;
  try {
    await first.waitFor(/^event: snapshot\ndata: .*\n\n/m);
    [lastId] = eventIds(first.text());
    expect(lastId).toMatch(/^\d+\.[A-Za-z0-9_-]{12}$/);
  } finally {
    first.close();
  }

  // Dropped and back, nothing changed meanwhile: no snapshot again (the heartbeat shows the stream is live).
  const resumed = await openStream(path, cookie, lastId);
  try {
    expect(resumed.status).toBe(200);
    await resumed.waitFor(/^: heartbeat\n/m, 2500);
    expect(snapshots(resumed.text())).toEqual([]);
    // A change after it comes once, with a greater change counter.
    await createResponse(server.app.db, { assignmentId: assignment.id, studentId: student.id, answers: {} });
    await resumed.waitFor(/"responseCount":1/);
    expect(snapshots(resumed.text()).map((s) => s.responseCount)).toEqual([1]);
    const [afterId] = eventIds(resumed.text());
    expect(Number(afterId.split(".")[0])).toBeGreaterThan(Number(lastId.split(".")[0]));
  } finally {
    resumed.close();
  }

  // Dropped while the change came in: the reconnect gets it, once.
  const missed = await openStream(path, cookie, lastId);
  try {
    await missed.waitFor(/"responseCount":1/);
    await missed.waitFor(/^: heartbeat\n/m, 2500);
    expect(snapshots(missed.text()).map((s) => s.responseCount)).toEqual([1]);
  } finally {
    missed.close();
  }
});

test("many streams of one change share its reads and each gets every answer, two sessions of one teacher too", async () => {
  const { assignment, student, path } = await activeAssignment();
  const db = server.app.db;
  const first = await signedIn(world.users.teacher.id);
  const secondSession = await createSession(server.app, world.users.teacher.id, new Request(`${origin}/login`), null);
  const second = secondSession.setCookie.split(";")[0];
  const streams = await Promise.all(
    Array.from({ length: 12 }, (_, i) => openStream(path, i % 3 === 0 ? second : first)),
  );
  try {
    await Promise.all(streams.map((stream) => stream.waitFor(/event: snapshot/)));
    await createResponse(db, { assignmentId: assignment.id, studentId: student.id, answers: {} });
    await Promise.all(streams.map((stream) => stream.waitFor(/"responseCount":1/, 2000)));
    // A second change right after: a read shared for the first never answers it.
    const other = await createStudent(db, { schoolId: world.riverside.id, classId: world.class5A.id });
    await createResponse(db, { assignmentId: assignment.id, studentId: other.id, answers: {} });
    await Promise.all(streams.map((stream) => stream.waitFor(/"responseCount":2/, 2000)));
    // Adding a student to the class is a change too (the roster of an active assignment): its
    // snapshot may repeat a count, so repeats are folded; no stream may miss or reorder a count.
    for (const stream of streams) {
      const counts = snapshots(stream.text()).map((s) => s.responseCount);
      expect(counts.filter((count, i) => i === 0 || count !== counts[i - 1])).toEqual([0, 1, 2]);
    }
    // The second session ends: its streams end (a shared session check is per session), the first's go on.
    await db.delete(sessions).where(eq(sessions.id, secondSession.id));
    const third = await createStudent(db, { schoolId: world.riverside.id, classId: world.class5A.id });
    await createResponse(db, { assignmentId: assignment.id, studentId: third.id, answers: {} });
    await Promise.all(
      streams.map((stream, i) =>
        i % 3 === 0
          ? stream.waitFor(/^event: end\ndata: \{"reason":"signed-out"\}\n\n/m, 2500)
          : stream.waitFor(/"responseCount":3/, 2000),
      ),
    );
  } finally {
    for (const stream of streams) stream.close();
  }
});

test("the stream ends when the session ends", async () => {
  const { path } = await activeAssignment();
  const cookie = await signedIn(world.users.teacher.id);
  const stream = await openStream(path, cookie);
  await stream.waitFor(/event: snapshot/);
  // Signing out (or "sign out everywhere") deletes the session rows.
  await server.app.db.delete(sessions).where(eq(sessions.userId, world.users.teacher.id));
  await stream.waitFor(/^event: end\ndata: \{"reason":"signed-out"\}\n\n/m, 2500);
  await stream.ended;
});

test("the stream ends when the teacher loses the class", async () => {
  const { path } = await activeAssignment();
  const db = server.app.db;
  const stream = await openStream(path, await signedIn(world.users.teacher.id));
  await stream.waitFor(/event: snapshot/);
  await db
    .delete(classTeachers)
    .where(and(eq(classTeachers.classId, world.class5A.id), eq(classTeachers.userId, world.users.teacher.id)));
  try {
    await stream.waitFor(/^event: end\ndata: \{"reason":"no-access"\}\n\n/m, 2500);
    await stream.ended;
  } finally {
    await db.insert(classTeachers).values({ classId: world.class5A.id, userId: world.users.teacher.id, role: "owner" });
  }
});

test("300 streams at once from one teacher: the newest 10 of a session and 20 of the teacher stay open, every other one ends at once as replaced; a colleague still gets one (issue #35)", async () => {
  const { path } = await activeAssignment();
  const sessions_ = await Promise.all(Array.from({ length: 3 }, () => signedIn(world.users.teacher.id)));
  const streams = await Promise.all(Array.from({ length: 300 }, (_, i) => openStream(path, sessions_[i % 3])));
  try {
    expect(streams.filter((stream) => stream.status !== 200)).toEqual([]);
    let ended = 0;
    for (const stream of streams) void stream.ended.then(() => ended++);
    // Every place was taken before its answer began, so every stream that gave way has been told so.
    await expect.poll(() => ended, { timeout: 30_000 }).toBe(300 - LIVE_STREAM_LIMITS.perUser);
    const stillOpen = streams.filter((stream) => !stream.text().includes('"reason":"replaced"'));
    expect(stillOpen).toHaveLength(LIVE_STREAM_LIMITS.perUser);
    const perSession = sessions_.map(
      (cookie) => stillOpen.filter((stream) => streams.indexOf(stream) % 3 === sessions_.indexOf(cookie)).length,
    );
    expect(Math.max(...perSession)).toBeLessThanOrEqual(LIVE_STREAM_LIMITS.perSession);
    await Promise.all(stillOpen.map((stream) => stream.waitFor(/event: snapshot/)));
    const colleague = await openStream(path, await signedIn(world.users.schoolAdmin.id));
    expect(colleague.status).toBe(200);
    colleague.close();
  } finally {
    for (const stream of streams) stream.close();
  }
}, 60_000);

/** The class stream's `snapshot` events (issue 36): its waiting devices and its class list's counter. */
function classSnapshots(text: string): Array<{ classId: number; waiting: number[]; roster: number }> {
  return [...text.matchAll(/^event: snapshot\ndata: (.*)\n\n/gm)].map((match) => JSON.parse(match[1]));
}

test("the class stream (issue 36): a device asking to join, admitted, refused, and a class list change each arrive as a snapshot; outsiders get 401 and 404", async () => {
  const db = server.app.db;
  // A teacher of their own: the streams of the tests before take no part of their budget.
  const owner = await createUser(db, { schoolId: world.riverside.id });
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [owner.id] });
  const path = `/class/${klass.id}/live`;
  const anonymous = await openStream(path, undefined, undefined, "application/json");
  expect(anonymous.status).toBe(401);
  await anonymous.ended;
  const other = await openStream(path, await signedIn(world.users.otherTeacher.id), undefined, "application/json");
  expect(other.status).toBe(404);
  await other.ended;
  const told = await openStream(path, await signedIn(world.users.otherTeacher.id));
  await told.ended;
  expect(told.text()).toBe('event: end\ndata: {"reason":"no-access"}\n\n');

  const stream = await openStream(path, await signedIn(owner.id));
  try {
    expect(stream.status).toBe(200);
    expect(stream.headers["cache-control"]).toBe("private, no-store, no-transform");
    await stream.waitFor(/event: snapshot/);
    expect(classSnapshots(stream.text())).toEqual([{ classId: klass.id, waiting: [], roster: 0 }]);

    // A device asks to join: "join requests changed".
    const first = await createJoinRequest(db, { classId: klass.id, firstName: "Zara", lastName: "Newkid" });
    await stream.waitFor(new RegExp(`"waiting":\\[${first.id}\\]`), 10_000);
    const second = await createJoinRequest(db, { classId: klass.id, firstName: "Omar", lastName: "Newkid" });
    await stream.waitFor(new RegExp(`"waiting":\\[${first.id},${second.id}\\]`), 10_000);

    // Admitted: the request leaves the list and the child joins the class list ("roster changed").
    const teacher = actorOf(owner);
    await admitJoinRequest(db, teacher, { classId: klass.id, requestId: first.id });
    await stream.waitFor(new RegExp(`"waiting":\\[${second.id}\\],"roster":[1-9]`), 10_000);
    await refuseJoinRequest(db, teacher, { classId: klass.id, requestId: second.id });
    await stream.waitFor(/"waiting":\[\],"roster":[1-9]/, 10_000);
    const rosterAfterAdmit = classSnapshots(stream.text()).at(-1)?.roster ?? 0;

    // A child put on the class list by hand: "roster changed" alone.
    const listed = await createStudent(db, { schoolId: world.riverside.id, classId: klass.id });
    await stream.waitFor(new RegExp(`"waiting":\\[\\],"roster":(?!${rosterAfterAdmit}\\})[1-9]\\d*\\}`), 10_000);
    // That child joins with the class code (the list's row is marked joined): the joined counts move too.
    const rosterBeforeJoin = classSnapshots(stream.text()).at(-1)?.roster ?? 0;
    await createClassCode(db, { classId: klass.id, code: "LIVE-4242-JOIN" });
    const joined = await server.handle(
      new Request(`${origin}/api/student/v1/join`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code: "LIVE-4242-JOIN", firstName: listed.firstName, lastName: listed.lastName }),
      }),
    );
    expect(((await joined.json()) as { status: string }).status).toBe("joined");
    await expect
      .poll(() => classSnapshots(stream.text()).at(-1)?.roster, { timeout: 10_000 })
      .not.toBe(rosterBeforeJoin);
    // Another class's changes send nothing here.
    const before = classSnapshots(stream.text()).length;
    await createStudent(db, { schoolId: world.riverside.id, classId: world.class5A.id });
    const last = await createJoinRequest(db, { classId: klass.id, firstName: "Last", lastName: "One" });
    await stream.waitFor(new RegExp(`"waiting":\\[${last.id}\\]`), 10_000);
    expect(classSnapshots(stream.text()).slice(before), stream.text()).toHaveLength(1);
  } finally {
    stream.close();
  }
});

test("a class stream takes its place in the same budget as the results' streams: past the session's cap, the oldest of them gives way", async () => {
  const db = server.app.db;
  // A teacher of their own: the streams of the tests before take no part of their budget.
  const teacher = await createUser(db, { schoolId: world.riverside.id });
  const klass = await createClass(db, { schoolId: world.riverside.id, teacherIds: [teacher.id] });
  const survey = await createSurvey(db);
  const assignment = await createAssignment(db, { classId: klass.id, surveyId: survey.id, status: "active" });
  const cookie = await signedIn(teacher.id);
  const results = await Promise.all(
    Array.from({ length: LIVE_STREAM_LIMITS.perSession }, () =>
      openStream(`/class/${klass.id}/surveys/results/${assignment.id}/stream`, cookie),
    ),
  );
  try {
    expect(results.map((stream) => stream.status)).toEqual(results.map(() => 200));
    await Promise.all(results.map((stream) => stream.waitFor(/event: snapshot/)));
    // The session's eleventh stream, a class stream, takes the place of its oldest results stream.
    const classStream = await openStream(`/class/${klass.id}/live`, cookie);
    expect(classStream.status).toBe(200);
    // The oldest is the one whose place was taken first (opened at once, their order is the server's).
    const replaced = /^event: end\ndata: \{"reason":"replaced"\}\n\n/m;
    const gaveWay = await Promise.any(results.map((stream) => stream.waitFor(replaced).then(() => stream)));
    await gaveWay.ended;
    expect(results.filter((stream) => replaced.test(stream.text()))).toEqual([gaveWay]);
    classStream.close();
  } finally {
    for (const stream of results) stream.close();
  }
});
