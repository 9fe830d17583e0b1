/**
 * What the shell costs the server: the app's pages against a bare React
 * Router app of the same versions (./bare-app.ts), in alternating wrk bursts
 * in the same run (N-T-T-N: N the bare page, T the app's page), so both see
 * the same machine. The ratio is T's requests/second over N's.
 *
 * Each page is compared with a bare page as long as its VISIBLE markup (the
 * HTML without scripts and module preloads, ./page-bytes.ts): what the page
 * shows is the work both must do; whatever else the app's page carries (page
 * data, a catalogue) is its cost and shows in the ratio (issue 34: sized to
 * the whole page, a page that carried 80 kB of catalogue was compared with a
 * bare page of 90 kB, and its ratio hid the fall).
 *
 * Goals (ADR 146, issue 34): the reference page (/bench/reference, a static
 * page through our root layout) at 0.9 of its bare page or better, the class
 * home and the results at 0.5 or better, and the results at 5,000 responses
 * within 2x of the results at 30 (their requests/second).
 */
import type { DemoAccountKey } from "~/server/seed/demo-data.server";
import type { BareApp } from "./bare-app";
import type { BenchData } from "./fixtures";
import { fetchWithRetry } from "./harness";
import { visibleMarkup } from "./page-bytes";
import { median, ROUNDS, summary, wrk } from "./wrk";

export interface ShellTarget {
  name: string;
  path: string;
  account?: DemoAccountKey;
  /** The goal, as a ratio of the bare page's requests/second (none: measured for another comparison). */
  goal?: number;
  /** The results screen at few or many responses, compared with each other. */
  results?: "small" | "large";
}

export const REFERENCE_PATH = "/bench/reference";

export function shellTargets(data: BenchData): ShellTarget[] {
  return [
    { name: "reference page (no session)", path: REFERENCE_PATH, goal: 0.9 },
    { name: "class home", path: `/class/${data.classId}/home`, account: "teacher", goal: 0.5 },
    {
      name: `results (${data.smallResponses} responses)`,
      results: "small",
      path: `/class/${data.smallClassId}/surveys/results/${data.smallResultsAssignmentId}`,
      account: "teacher",
      goal: 0.5,
    },
    {
      name: `results (${data.largeResponses} responses)`,
      results: "large",
      path: `/class/${data.largeClassId}/surveys/results/${data.largeResultsAssignmentId}`,
      account: "teacher",
    },
  ];
}

/** The results at thousands of responses within this multiple of the results at 30 (requests/second). */
const LARGE_RESULTS_GOAL = 2;

const BARE_ROWS = 24;

/** A page's status, its bytes and its visible markup's bytes. */
async function fetchPage(url: string, headers: string[] = []) {
  const response = await fetchWithRetry(url, {
    headers: Object.fromEntries(
      headers.map((header) => [header.slice(0, header.indexOf(":")), header.slice(header.indexOf(":") + 1).trim()]),
    ),
    redirect: "manual",
  });
  const html = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(html), visible: Buffer.byteLength(visibleMarkup(html)) };
}

/** The bare page's path with as many rows as make its visible markup `visible` bytes long. */
async function sizeBarePage(bare: BareApp, visible: number): Promise<{ path: string; bytes: number; visible: number }> {
  const longer = BARE_ROWS + 200;
  const short = await fetchPage(`${bare.baseURL}/?rows=${BARE_ROWS}`);
  const long = await fetchPage(`${bare.baseURL}/?rows=${longer}`);
  const perRow = (long.visible - short.visible) / (longer - BARE_ROWS);
  const rows = Math.max(1, Math.round(BARE_ROWS + (visible - short.visible) / perRow));
  const sized = `/?rows=${rows}`;
  return { path: sized, ...(await fetchPage(bare.baseURL + sized)) };
}

export async function runShellCost(
  appBaseURL: string,
  bare: BareApp,
  targets: ShellTarget[],
  cookieFor: (account: DemoAccountKey) => Promise<string>,
) {
  const reference = await fetchPage(appBaseURL + REFERENCE_PATH);
  if (reference.status !== 200)
    throw new Error(`The reference page answered ${reference.status}; is BENCH_REFERENCE honoured?`);
  wrk(`${bare.baseURL}/`, [], 2); // warm up

  const results: Array<{
    target: ShellTarget;
    ratios: number[];
    rps: number[];
    bareRps: number[];
    bytes: number;
    visible: number;
    bare: { path: string; bytes: number };
  }> = [];
  for (const target of targets) {
    const headers = target.account ? [`Cookie: ${await cookieFor(target.account)}`] : [];
    const probe = await fetchPage(appBaseURL + target.path, headers);
    if (probe.status !== 200) {
      console.log(`Shell cost: skipped ${target.name}, ${target.path} answered ${probe.status}`);
      continue;
    }
    const barePage = await sizeBarePage(bare, probe.visible);
    const bareURL = bare.baseURL + barePage.path;
    process.stdout.write(`Measuring ${target.name} against a bare React Router page of its visible markup`);
    const ratios: number[] = [];
    const rps: number[] = [];
    const bareRps: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const n1 = wrk(bareURL, []);
      const t1 = wrk(appBaseURL + target.path, headers);
      const t2 = wrk(appBaseURL + target.path, headers);
      const n2 = wrk(bareURL, []);
      ratios.push((t1 + t2) / (n1 + n2));
      rps.push((t1 + t2) / 2);
      bareRps.push((n1 + n2) / 2);
      process.stdout.write(".");
    }
    process.stdout.write("\n");
    results.push({ target, ratios, rps, bareRps, bytes: probe.bytes, visible: probe.visible, bare: barePage });
  }

  console.log(
    `\nRequests/second as a ratio of a bare React Router app of the same versions (react-router-serve, one static` +
      ` page made as long as each page's visible markup; the app's reference page is ${reference.bytes} bytes,` +
      ` ${reference.visible} visible); ${ROUNDS} rounds of N-T-T-N:\n`,
  );
  const width = Math.max(...results.map((result) => result.target.name.length), 10);
  for (const { target, ratios, rps, bareRps, bytes, visible, bare: barePage } of results) {
    const met = target.goal === undefined ? "" : median(ratios) >= target.goal ? "met" : "not met";
    const goal = target.goal === undefined ? "".padEnd(16) : `goal ${target.goal.toFixed(1)} ${met.padEnd(7)}`;
    console.log(
      `${target.name.padEnd(width)}  ${summary(ratios)}  ${goal}` +
        `  ~${Math.round(median(rps))} vs ~${Math.round(median(bareRps))} req/s` +
        `  ${bytes} bytes (${visible} visible) vs bare ${barePage.bytes} (${barePage.path})` +
        (target.account ? `  as ${target.account}` : ""),
    );
  }
  const small = results.find((result) => result.target.results === "small");
  const large = results.find((result) => result.target.results === "large");
  if (small && large) {
    const times = median(small.rps) / median(large.rps);
    console.log(
      `\n${large.target.name} against ${small.target.name}: ${times.toFixed(2)}x slower (requests/second medians)` +
        `  goal within ${LARGE_RESULTS_GOAL}x ${times <= LARGE_RESULTS_GOAL ? "met" : "not met"}`,
    );
  }
}
