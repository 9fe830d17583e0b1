/**
 * Lighthouse, an outside judge: `npm run bench` runs Lighthouse 12 (its own
 * mobile preset, and its desktop preset) against the production build, on
 * the pages listed in lighthousePages(), signed in where the page needs it
 * (the session cookie goes with every request as an extra header), and prints
 * performance, accessibility and best practices with LCP and TBT.
 *
 * Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium), started by
 * chrome-launcher headless with --no-sandbox, a fresh profile for each run.
 * Lighthouse's default throttling is simulated (Lantern): the page loads at
 * full speed and the metrics are computed for a slow 4G phone with a 4x
 * slower CPU, so a busy machine still inflates TBT. Run on a quiet machine
 * and look at the load average printed beside the table.
 *
 * LIGHTHOUSE_RUNS (1) runs each page that many times per preset and reports
 * the run with the median performance score, as Lighthouse's docs advise.
 * LIGHTHOUSE_REPORT_DIR, when set, keeps each run's full report (JSON; open
 * it in https://googlechrome.github.io/lighthouse/viewer/ or read its audits).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import type { DemoAccountKey } from "~/server/seed/demo-data.server";
import type { BenchData } from "./fixtures";

export interface LighthousePage {
  name: string;
  path: string;
  /** The route module's id in the build's manifest, to join with the first-load byte table. */
  routeId: string;
  /** Signed in as this demo account (the page is measured without a cookie otherwise). */
  account?: DemoAccountKey;
  /** More request headers, e.g. `Save-Data: on`. */
  headers?: Record<string, string>;
}

/**
 * The pages Lighthouse judges. Add a page here and it is measured; a page
 * that answers 404 (a screen not built yet) is skipped with a note.
 */
export function lighthousePages(data: BenchData): LighthousePage[] {
  return [
    { name: "login", path: "/login", routeId: "routes/auth/login" },
    { name: "class home", path: `/class/${data.classId}/home`, routeId: "routes/class/home", account: "teacher" },
    // The same page without the animated avatar (ADR 145): what the Rive runtime adds to the figures.
    {
      name: "class home, Save-Data",
      path: `/class/${data.classId}/home`,
      routeId: "routes/class/home",
      account: "teacher",
      headers: { "Save-Data": "on" },
    },
    {
      name: `results (${data.smallResponses})`,
      path: `/class/${data.smallClassId}/surveys/results/${data.smallResultsAssignmentId}`,
      routeId: "routes/class/survey-results",
      account: "teacher",
    },
    { name: "student join", path: "/join", routeId: "routes/student/join" },
  ];
}

export type Preset = "mobile" | "desktop";

export interface LighthouseResult {
  page: LighthousePage;
  preset: Preset;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  /** Failed audits of the accessibility and best-practices categories: what to fix. */
  failing: string[];
}

export type LighthouseOutcome = LighthouseResult | { page: LighthousePage; preset: Preset; skipped: string };

const CATEGORIES = ["performance", "accessibility", "best-practices"];

export async function runLighthouse(
  baseURL: string,
  pages: LighthousePage[],
  cookieFor: (account: DemoAccountKey) => Promise<string>,
  options: { runs?: number; presets?: Preset[]; categories?: string[]; onProgress?: (line: string) => void } = {},
): Promise<LighthouseOutcome[]> {
  const runs = Math.max(1, options.runs ?? 1);
  const outcomes: LighthouseOutcome[] = [];
  for (const page of pages) {
    const headers: Record<string, string> = { ...page.headers };
    if (page.account) headers.Cookie = await cookieFor(page.account);
    const probe = await fetch(baseURL + page.path, { headers, redirect: "manual" });
    await probe.arrayBuffer();
    for (const preset of options.presets ?? (["mobile", "desktop"] as Preset[])) {
      if (probe.status !== 200) {
        outcomes.push({ page, preset, skipped: `${page.path} answered ${probe.status}` });
        continue;
      }
      const results: LighthouseResult[] = [];
      const failures: string[] = [];
      for (let run = 0; run < runs; run++) {
        options.onProgress?.(`Lighthouse ${preset}: ${page.name} (${page.path}), run ${run + 1} of ${runs}`);
        // A trace that fails to record (NO_NAVSTART, NO_FCP on a busy machine) is tried once more.
        for (let attempt = 1; attempt <= 2; attempt++) {
          try {
            results.push(await runOnce(baseURL + page.path, headers, page, preset, options.categories ?? CATEGORIES));
            break;
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
          }
        }
      }
      if (results.length === 0) {
        outcomes.push({ page, preset, skipped: `Lighthouse failed: ${failures.at(-1)}` });
        continue;
      }
      results.sort((a, b) => a.performance - b.performance);
      outcomes.push(results[Math.floor(results.length / 2)]);
    }
  }
  return outcomes;
}

async function runOnce(
  url: string,
  extraHeaders: Record<string, string>,
  page: LighthousePage,
  preset: Preset,
  categories: string[],
): Promise<LighthouseResult> {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories, extraHeaders },
      preset === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const name = `${page.name.replace(/\W+/g, "-")}-${preset}-${Date.now()}.json`;
      writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = ["accessibility", "best-practices"]
      .filter((category) => categories.includes(category))
      .flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${category}: ${ref.id} (${lhr.audits[ref.id].title})${auditDetail(lhr.audits[ref.id])}`),
      );
    return {
      page,
      preset,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/** What a failed audit found, in a few words: the first items of its table (an issue type, a selector). */
function auditDetail(audit: { details?: unknown }): string {
  const items = (audit.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const words = items.slice(0, 3).map((item) => {
    const node = item.node as { selector?: string } | undefined;
    const sub = (item.subItems as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
    const first = sub[0] ? Object.values(sub[0]).find((value) => typeof value === "string") : undefined;
    return [item.issueType, node?.selector, item.source, item.description, first]
      .filter((value) => typeof value === "string" && value)
      .join(" ")
      .slice(0, 160);
  });
  return words.length ? `: ${words.join("; ")}` : "";
}

/** The machine's 1, 5 and 15 minute load averages, as /proc/loadavg gives them. */
export function loadAverage(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

export function printLighthouse(outcomes: LighthouseOutcome[], runs: number) {
  console.log(
    `\nLighthouse 12 (${runs === 1 ? "one run" : `median of ${runs} runs`} per page and preset; load average ${loadAverage()}):\n`,
  );
  const width = Math.max(...outcomes.map((outcome) => outcome.page.name.length), 4);
  console.log(`${"Page".padEnd(width)}  preset   perf  a11y  best     LCP      TBT`);
  for (const outcome of outcomes) {
    const label = `${outcome.page.name.padEnd(width)}  ${outcome.preset.padEnd(7)}`;
    if ("skipped" in outcome) {
      console.log(`${label}  skipped: ${outcome.skipped}`);
      continue;
    }
    console.log(
      `${label}  ${String(outcome.performance).padStart(4)}  ${String(outcome.accessibility).padStart(4)}  ${String(outcome.bestPractices).padStart(4)}` +
        `  ${seconds(outcome.lcpMs).padStart(6)}  ${seconds(outcome.tbtMs).padStart(7)}`,
    );
  }
  const failing = new Map<string, Set<string>>();
  for (const outcome of outcomes) {
    if ("skipped" in outcome) continue;
    for (const audit of outcome.failing) {
      const pages = failing.get(audit) ?? new Set<string>();
      pages.add(`${outcome.page.name} (${outcome.preset})`);
      failing.set(audit, pages);
    }
  }
  if (failing.size > 0) {
    console.log("\nFailed accessibility and best-practice audits:");
    for (const [audit, pages] of failing) console.log(`  ${audit}: ${[...pages].join(", ")}`);
  }
}

function seconds(ms: number): string {
  return Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "—";
}
