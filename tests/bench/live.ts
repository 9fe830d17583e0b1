/**
 * `BENCH_PARTS=live npm run bench`: the live results (ADR 205, 206).
 *
 * - Latency: N streams (1, 10, 100) are open on the 30-response results,
 *   10 per viewer (a co-teacher's session: the streams' budget allows 10 a
 *   session, 20 a staff member, issue #35); a student resubmits changed
 *   answers through the student API; the time from sending the submission
 *   to each stream's next snapshot, p50/p95 over BENCH_LIVE_SUBMISSIONS (20)
 *   submissions.
 * - Memory: the server's RSS before and after 800 more open streams of 80
 *   viewers (under the instance's stream budget: LIVE_STREAM_LIMITS), after
 *   the snapshots have all arrived and a heartbeat period has passed, per
 *   stream: the figure LIVE_STREAM_LIMITS.bytesPerStream must not be below.
 * - Cost at 5,000 against 30: the time from opening a stream to its first
 *   snapshot (sign-in check, subscription and the counts: what every event
 *   costs but the HTTP set-up), alternating small and large, medians and
 *   their ratio.
 */
import http from "node:http";
import { listAnswerFields, type SurveyBlock } from "~/lib/survey-content";
import { LIVE_STREAM_LIMITS } from "~/server/web/live-budget.server";
import type { AppServer } from "../support/app-process";
import { answersFor, type BenchData } from "./fixtures";
import { login, readRss, sleep } from "./harness";

const SUBMISSIONS = Number(process.env.BENCH_LIVE_SUBMISSIONS ?? 20);
const COST_ROUNDS = Number(process.env.BENCH_LIVE_COST_ROUNDS ?? 20);
/** Under the instance's budget (LIVE_STREAM_LIMITS: about 870 at 300 KB) with the 100 of the latency steps closed. */
const MEMORY_STREAMS = 800;

interface Stream {
  /** Resolves at the next `snapshot` event after the call (its arrival time, ms). */
  nextSnapshot(): Promise<number>;
  firstSnapshot: Promise<number>;
  close(): void;
}

function openStream(url: string, cookie: string, localAddress?: string): Stream {
  const waiting: Array<(at: number) => void> = [];
  let resolveFirst: (at: number) => void = () => {};
  const firstSnapshot = new Promise<number>((resolve) => {
    resolveFirst = resolve;
  });
  let seen = 0;
  let buffer = "";
  const request = http.get(
    url,
    { headers: { cookie, accept: "text/event-stream" }, agent: false, localAddress },
    (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes("event: snapshot")) {
            const at = performance.now();
            if (seen++ === 0) resolveFirst(at);
            else for (const resolve of waiting.splice(0)) resolve(at);
          }
          end = buffer.indexOf("\n\n");
        }
      });
    },
  );
  request.on("error", () => {});
  return {
    firstSnapshot,
    nextSnapshot: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => request.destroy(),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** A student of the small class with a token, and answers to alternate between. */
async function benchStudent(server: AppServer, data: BenchData, teacherCookie: string, lastName: string) {
  const generated = await fetch(`${server.baseURL}/api/classCodes/generate`, {
    method: "POST",
    headers: { cookie: teacherCookie, origin: server.baseURL, "content-type": "application/json" },
    body: JSON.stringify({ classId: data.smallClassId }),
  });
  const { classCode } = (await generated.json()) as { classCode: { code: string } };
  const joined = await fetch(`${server.baseURL}/api/student/v1/join`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: classCode.code, firstName: "Live", lastName }),
  });
  const { token } = (await joined.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const list = (await (await fetch(`${server.baseURL}/api/student/v1/assignments`, { headers: auth })).json()) as {
    assignments: { assignmentId: number; surveyId: number }[];
  };
  const mine = list.assignments.find((a) => a.assignmentId === data.smallResultsAssignmentId)!;
  const survey = (await (
    await fetch(`${server.baseURL}/api/student/v1/surveys/${mine.surveyId}`, { headers: auth })
  ).json()) as {
    story: { content: SurveyBlock };
  };
  const fields = listAnswerFields(survey.story.content);
  let n = 0;
  return async function submit(): Promise<number> {
    const started = performance.now();
    const response = await fetch(`${server.baseURL}/api/student/v1/assignments/${mine.assignmentId}/responses`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ answers: answersFor(fields, n++) }),
    });
    if (!response.ok) throw new Error(`submission answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    return started;
  };
}

export async function runLiveBench(server: AppServer, data: BenchData, teacherCookie: string): Promise<void> {
  const viewerCookies = await Promise.all(
    data.liveViewers.map(async (viewer) => (await login(server.baseURL, viewer)).join("; ")),
  );
  /** The cookie for the i-th stream: 10 streams a viewer's session. */
  const viewerCookie = (i: number) => viewerCookies[Math.floor(i / 10) % viewerCookies.length];
  console.log("\nLive results (ADR 205, 206):");
  const smallUrl = `${server.baseURL}/class/${data.smallClassId}/surveys/results/${data.smallResultsAssignmentId}/stream`;
  const largeUrl = `${server.baseURL}/class/${data.largeClassId}/surveys/results/${data.largeResultsAssignmentId}/stream`;
  // Submissions rotate over a few students: one token may change its answers
  // only RATE_LIMITS.answersPerToken times in 10 minutes.
  const students: Array<() => Promise<number>> = [];
  for (const lastName of ["Bench", "Benchley", "Benchmark", "Benchmore"]) {
    students.push(await benchStudent(server, data, teacherCookie, lastName));
  }
  let turn = 0;
  const submit = () => students[turn++ % students.length]();
  await submit();
  await sleep(500);

  console.log("| open streams | submission → event p50 | p95 | submissions |");
  console.log("| ---: | ---: | ---: | ---: |");
  for (const count of [1, 10, 100]) {
    const streams = Array.from({ length: count }, (_, i) => openStream(smallUrl, viewerCookie(i)));
    await Promise.all(streams.map((stream) => stream.firstSnapshot));
    const latencies: number[] = [];
    for (let i = 0; i < SUBMISSIONS; i++) {
      const arrivals = streams.map((stream) => stream.nextSnapshot());
      const started = await submit();
      for (const at of await Promise.all(arrivals)) latencies.push(at - started);
      await sleep(100);
    }
    for (const stream of streams) stream.close();
    console.log(
      `| ${count} | ${percentile(latencies, 50).toFixed(1)} ms | ${percentile(latencies, 95).toFixed(1)} ms | ${SUBMISSIONS} |`,
    );
    await sleep(500);
  }

  // Memory: 800 more open streams of 80 viewers.
  await sleep(1000);
  const before = readRss(server.pid).current;
  const many = Array.from({ length: MEMORY_STREAMS }, (_, i) =>
    openStream(smallUrl, viewerCookie(i), i % 2 === 0 ? "127.0.0.2" : "127.0.0.3"),
  );
  // A stream that never opens (refused, reset) must not hold the bench: count those that did.
  const opened = await Promise.all(
    many.map((stream) => Promise.race([stream.firstSnapshot.then(() => true), sleep(180_000).then(() => false)])),
  );
  const openCount = opened.filter(Boolean).length;
  if (openCount < many.length)
    console.log(`(${many.length - openCount} of the ${MEMORY_STREAMS} streams did not open within 3 minutes)`);
  // Past a heartbeat period (15 s): every stream has read again, as it does for as long as it is open.
  await sleep(20_000);
  const after = readRss(server.pid).current;
  for (const stream of many) stream.close();
  const perStream = (after - before) / Math.max(openCount, 1);
  console.log(
    `\nServer RSS: ${(before / 1e6).toFixed(0)} MB idle, ${(after / 1e6).toFixed(0)} MB with ${openCount} open streams: ${(perStream / 1024).toFixed(1)} KB each (the budget counts ${LIVE_STREAM_LIMITS.bytesPerStream / 1024} KB)`,
  );
  await sleep(1000);

  // Cost of a snapshot at 5,000 responses against 30, alternating.
  const firstSnapshotMs = async (url: string) => {
    const started = performance.now();
    const stream = openStream(url, teacherCookie);
    const at = await stream.firstSnapshot;
    stream.close();
    return at - started;
  };
  const small: number[] = [];
  const large: number[] = [];
  for (let i = 0; i < COST_ROUNDS; i++) {
    small.push(await firstSnapshotMs(smallUrl));
    large.push(await firstSnapshotMs(largeUrl));
    large.push(await firstSnapshotMs(largeUrl));
    small.push(await firstSnapshotMs(smallUrl));
  }
  const p50Small = percentile(small, 50);
  const p50Large = percentile(large, 50);
  console.log(
    `Stream open to first snapshot: ${p50Small.toFixed(1)} ms at ${data.smallResponses} responses, ${p50Large.toFixed(1)} ms at ${data.largeResponses} (median of ${small.length}; ${(p50Large / p50Small).toFixed(2)}x)`,
  );
}
