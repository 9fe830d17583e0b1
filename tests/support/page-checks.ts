/**
 * Checks every page a test opens keeps, whatever the test itself asserts
 * (docs/decisions/130-html-contract-in-the-e2e-suite.md,
 * docs/decisions/131-browser-console-policy.md):
 *
 * - every HTML document the browser receives from the app passes
 *   html-validate (`html-validate:standard` and `wcag/h71`,
 *   tests/support/html-validate.ts);
 * - no console error, no uncaught exception (`pageerror`) and no Content
 *   Security Policy violation (`securitypolicyviolation`, or the browser's
 *   own "Refused to …" message), unless the test declared it:
 *
 *     expectConsoleError(page, /Failed to load Rive file/);
 *
 * tests/support/browser.ts watches every context it makes and fails the test
 * after it ends, naming the page, the rule and the line. A test that checks
 * the checks themselves reads them with `takeUnexpectedProblems(page)`.
 */
import type { BrowserContext, ConsoleMessage, Page, Response } from "playwright-core";
import { validateHtml } from "./html-validate";

/**
 * Console errors every test may produce, in ONE place, each with the reason
 * it is allowed and when it goes away.
 */
const KNOWN_CONSOLE_ERRORS: { pattern: RegExp; reason: string }[] = [
  {
    // zod 4 probes whether it may compile validators with `new Function("")`
    // (its JIT) the first time a schema parses in the browser; the enforced CSP
    // (no 'unsafe-eval') refuses it and zod falls back to its interpreter. The
    // client-bundle work (issue 20) runs zod jitless on the client; then delete
    // this entry and the violation fails every test again.
    pattern:
      /Refused to evaluate a string as JavaScript because 'unsafe-eval'|securitypolicyviolation: script-src(-elem)? blocked eval\b/,
    reason: "zod's new Function probe (zod's JIT) under the enforced CSP",
  },
];

type ProblemKind = "console error" | "uncaught exception" | "CSP violation" | "HTML";

interface Problem {
  kind: ProblemKind;
  /** The page (document URL) it happened on. */
  url: string;
  text: string;
}

interface PageWatch {
  expected: RegExp[];
  problems: Problem[];
  /** HTML validations still running. */
  pending: Set<Promise<void>>;
  /** Document URLs the page received, with their status: a 4xx document is the app's own answer. */
  documents: Map<string, number>;
}

const watches = new WeakMap<Page, PageWatch>();
/** The pages each watched context opened, closed ones included: their problems still count. */
const contextPages = new WeakMap<BrowserContext, Set<Page>>();

/** Reported by the page itself (also in frames), so a test sees every violation, not only the ones Chromium logs. */
function reportCspViolations() {
  document.addEventListener("securitypolicyviolation", (event) => {
    console.error(
      `securitypolicyviolation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile || location.href}:${event.lineNumber})`,
    );
  });
}

/** Watches every page of the context, the ones it has and the ones it will open. */
export async function watchContext(context: BrowserContext): Promise<void> {
  const pages = new Set<Page>();
  contextPages.set(context, pages);
  const watch = (page: Page) => {
    pages.add(page);
    watchPage(page);
  };
  await context.addInitScript(reportCspViolations);
  context.on("page", watch);
  for (const page of context.pages()) watch(page);
}

function isAppUrl(url: string): boolean {
  try {
    const { hostname, protocol } = new URL(url);
    return protocol === "http:" && (hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]");
  } catch {
    return false;
  }
}

/** React Router's data requests (single fetch): their 4xx is the answer the page then shows, like a document's. */
function isRouteDataUrl(url: string): boolean {
  try {
    return new URL(url).pathname.endsWith(".data");
  } catch {
    return false;
  }
}

export function watchPage(page: Page): void {
  if (watches.has(page)) return;
  const watch: PageWatch = { expected: [], problems: [], pending: new Set(), documents: new Map() };
  watches.set(page, watch);

  page.on("console", (message) => onConsole(page, watch, message));
  page.on("pageerror", (error) => {
    watch.problems.push({
      kind: "uncaught exception",
      url: page.url(),
      text: `${error.name}: ${error.message}${error.stack ? `\n${error.stack.split("\n").slice(1, 4).join("\n")}` : ""}`,
    });
  });
  page.on("response", (response) => onResponse(watch, response));
}

function onConsole(page: Page, watch: PageWatch, message: ConsoleMessage): void {
  if (message.type() !== "error") return;
  const text = message.text();
  const source = message.location().url;
  // "Failed to load resource: the server responded with a status of 404" for the page itself (or its
  // React Router data request) is the app's intended answer, which the test asserts; a failed
  // script, style sheet, image or font, or any 5xx, is not.
  const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(text)?.[1];
  if (status && Number(status) < 500 && (watch.documents.get(source) === Number(status) || isRouteDataUrl(source))) {
    return;
  }
  const kind: ProblemKind = /Content Security Policy|^securitypolicyviolation:/.test(text)
    ? "CSP violation"
    : "console error";
  const url = page.url();
  watch.problems.push({
    kind,
    url,
    text: source && source !== url && !text.includes(source) ? `${text} (${source})` : text,
  });
}

function onResponse(watch: PageWatch, response: Response): void {
  if (response.request().resourceType() !== "document") return;
  const url = response.url();
  if (!isAppUrl(url)) return;
  const status = response.status();
  watch.documents.set(url, status);
  if (status >= 300 && status < 400) return;
  if (!(response.headers()["content-type"] ?? "").startsWith("text/html")) return;
  const method = response.request().method();
  const validation = response
    .text()
    .then(async (html) => {
      for (const finding of await validateHtml(html, url)) {
        watch.problems.push({ kind: "HTML", url: `${method} ${url} (${status})`, text: finding });
      }
    })
    .catch((error: Error) => {
      // The browser no longer holds the body (the page navigated on and dropped it, or closed).
      if (!/closed|No resource with given identifier|unavailable/i.test(error.message)) throw error;
    })
    .finally(() => watch.pending.delete(validation));
  watch.pending.add(validation);
}

/**
 * Declares a console error, uncaught exception or CSP violation this test
 * expects on this page (matched against the message text). Undeclared ones
 * fail the test.
 */
export function expectConsoleError(page: Page, pattern: RegExp): void {
  watchPage(page);
  watches.get(page)!.expected.push(pattern);
}

/** The problems found on the page so far that no test declared, as lines; they are then forgotten. */
export async function takeUnexpectedProblems(page: Page): Promise<string[]> {
  const watch = watches.get(page);
  if (!watch) return [];
  while (watch.pending.size > 0) await Promise.all([...watch.pending]);
  const problems = watch.problems.splice(0);
  return problems
    .filter(
      (problem) =>
        problem.kind === "HTML" ||
        !(
          watch.expected.some((pattern) => pattern.test(problem.text)) ||
          KNOWN_CONSOLE_ERRORS.some(({ pattern }) => pattern.test(problem.text))
        ),
    )
    .map((problem) => `${problem.kind} on ${problem.url}: ${problem.text}`);
}

/** Every unexpected problem on every page of these contexts, as one error (or none). */
export async function pageProblemsError(contexts: Iterable<BrowserContext>): Promise<Error | undefined> {
  const lines: string[] = [];
  for (const context of contexts) {
    for (const page of contextPages.get(context) ?? context.pages())
      lines.push(...(await takeUnexpectedProblems(page)));
  }
  if (lines.length === 0) return undefined;
  return new Error(
    `The pages this test opened had ${lines.length} problem(s) (tests/support/page-checks.ts; declare an expected console error with expectConsoleError(page, /pattern/)):\n- ${lines.join("\n- ")}`,
  );
}
