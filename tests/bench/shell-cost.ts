/**
 * What the shell costs the server: the app's pages against a bare React
 * Router app of the same versions (./bare-app.ts) serving a static page as
 * long as the app's own reference page, in alternating wrk bursts in the same
 * run (N-T-T-N: N the bare page, T the app's page), so both see the same
 * machine. The ratio is T's requests/second over N's.
 *
 * Goals (ADR 146): the reference page (/bench/reference, a static page
 * through our root layout) at 0.8 of the bare page or better, the class
 * screens at 0.5 or better.
 */
import type { DemoAccountKey } from "~/server/seed/demo-data.server";
import type { BareApp } from "./bare-app";
import type { BenchData } from "./fixtures";
import { check, median, ROUNDS, summary, wrk } from "./wrk";

export interface ShellTarget {
  name: string;
  path: string;
  account?: DemoAccountKey;
  /** The goal, as a ratio of the bare page's requests/second. */
  goal: number;
}

export const REFERENCE_PATH = "/bench/reference";

export function shellTargets(data: BenchData): ShellTarget[] {
  return [
    { name: "reference page (no session)", path: REFERENCE_PATH, goal: 0.8 },
    { name: "class home", path: `/class/${data.classId}/home`, account: "teacher", goal: 0.5 },
    {
      name: `results (${data.smallResponses} responses)`,
      path: `/class/${data.smallClassId}/surveys/results/${data.smallResultsAssignmentId}`,
      account: "teacher",
      goal: 0.5,
    },
  ];
}

const BARE_ROWS = 24;

/** The bare page's path with as many rows as make it `bytes` long. */
async function sizeBarePage(bare: BareApp, bytes: number): Promise<{ path: string; bytes: number }> {
  const longer = BARE_ROWS + 200;
  const short = await check(bare.baseURL, `/?rows=${BARE_ROWS}`, []);
  const long = await check(bare.baseURL, `/?rows=${longer}`, []);
  const perRow = (long.bytes - short.bytes) / (longer - BARE_ROWS);
  const rows = Math.max(1, Math.round(BARE_ROWS + (bytes - short.bytes) / perRow));
  const sized = `/?rows=${rows}`;
  return { path: sized, bytes: (await check(bare.baseURL, sized, [])).bytes };
}

export async function runShellCost(
  appBaseURL: string,
  bare: BareApp,
  targets: ShellTarget[],
  cookieFor: (account: DemoAccountKey) => Promise<string>,
) {
  const reference = await check(appBaseURL, REFERENCE_PATH, []);
  if (!reference.ok) throw new Error(`The reference page answered ${reference.status}; is BENCH_REFERENCE honoured?`);
  const barePage = await sizeBarePage(bare, reference.bytes);
  const bareURL = bare.baseURL + barePage.path;
  wrk(bareURL, [], 2); // warm up

  const results: Array<{ target: ShellTarget; ratios: number[]; rps: number[]; bareRps: number[]; bytes: number }> = [];
  for (const target of targets) {
    const headers = target.account ? [`Cookie: ${await cookieFor(target.account)}`] : [];
    const probe = await check(appBaseURL, target.path, headers);
    if (probe.status !== 200) {
      console.log(`Shell cost: skipped ${target.name}, ${target.path} answered ${probe.status}`);
      continue;
    }
    process.stdout.write(`Measuring ${target.name} against the bare React Router page`);
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
    results.push({ target, ratios, rps, bareRps, bytes: probe.bytes });
  }

  console.log(
    `\nRequests/second as a ratio of a bare React Router app of the same versions (react-router-serve, one static page` +
      ` of ${barePage.bytes} bytes, ${barePage.path}; the app's reference page is ${reference.bytes} bytes);` +
      ` ${ROUNDS} rounds of N-T-T-N:\n`,
  );
  const width = Math.max(...results.map((result) => result.target.name.length), 10);
  for (const { target, ratios, rps, bareRps, bytes } of results) {
    const met = median(ratios) >= target.goal ? "met" : "not met";
    console.log(
      `${target.name.padEnd(width)}  ${summary(ratios)}  goal ${target.goal.toFixed(1)} ${met.padEnd(7)}` +
        `  ~${Math.round(median(rps))} vs ~${Math.round(median(bareRps))} req/s  ${bytes} bytes` +
        (target.account ? `  as ${target.account}` : ""),
    );
  }
}
