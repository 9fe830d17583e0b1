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
    // Firefox logs these when a page is left while the avatar's WASM is still
    // downloading (the navigation cancels the fetch; nothing is broken, the
    // next page starts afresh). A WASM that fails to load for any other reason
    // still fails the test: the runtime then reports "failed to asynchronously
    // prepare wasm" or "Aborted(…)", which this entry does not cover.
    pattern:
      /wasm streaming compile failed: (AbortError: The operation was aborted|TypeError: NetworkError when attempting to fetch resource)|falling back to ArrayBuffer instantiation/,
    reason: "Firefox, leaving a page while the avatar's WASM downloads",
  },
];

type ProblemKind = "console error" | "uncaught exception" | "CSP violation" | "HTML";

/**
 * What one page (one browser tab, whichever engine drives it) reported: the
 * engine adapters feed it, the test reads the unexpected problems. Playwright
 * pages are wired below (`watchPage`); the Firefox core flows feed one from
 * puppeteer's events.
 */
export class PageProblems {
  private readonly expected: RegExp[] = [];
  private readonly problems: { kind: ProblemKind; url: string; text: string }[] = [];
  /** HTML validations still running. */
  private readonly pending = new Set<Promise<void>>();

  /** Declares a console error, uncaught exception or CSP violation as expected (matched against its text). */
  expect(pattern: RegExp): void {
    this.expected.push(pattern);
  }

  /** A console error or uncaught exception on the page at `url`; CSP violations are recognised by their text. */
  report(kind: "console error" | "uncaught exception", url: string, text: string): void {
    this.problems.push({ kind: isCspViolation(text) ? "CSP violation" : kind, url, text });
  }

  /** Validates a document the page received (HTML only, app pages only, not redirects). */
  validateDocument(document: { method: string; url: string; status: number; html: () => Promise<string> }): void {
    if (!isAppUrl(document.url) || (document.status >= 300 && document.status < 400)) return;
    const where = `${document.method} ${document.url} (${document.status})`;
    const validation = document
      .html()
      .then(async (html) => {
        for (const finding of await validateHtml(html, document.url)) {
          this.problems.push({ kind: "HTML", url: where, text: finding });
        }
      })
      .catch((error: Error) => {
        // The browser no longer holds the body (the page navigated on and dropped it, or closed).
        if (!/closed|No resource with given identifier|unavailable/i.test(error.message)) throw error;
      })
      .finally(() => this.pending.delete(validation));
    this.pending.add(validation);
  }

  /** The problems so far that nobody declared, as lines; they are then forgotten. */
  async takeUnexpected(): Promise<string[]> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
    return this.problems
      .splice(0)
      .filter(
        (problem) =>
          problem.kind === "HTML" ||
          !(
            this.expected.some((pattern) => pattern.test(problem.text)) ||
            KNOWN_CONSOLE_ERRORS.some(({ pattern }) => pattern.test(problem.text))
          ),
      )
      .map((problem) => `${problem.kind} on ${problem.url}: ${problem.text}`);
  }
}

function isCspViolation(text: string): boolean {
  return /Content Security Policy|Content-Security-Policy|^securitypolicyviolation:/.test(text);
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

/**
 * Reported by the page itself (also in frames), so a test sees every violation, not only the ones
 * the browser logs. An init script: it runs before the page's own scripts, and not with JS off.
 */
export function reportCspViolations() {
  document.addEventListener("securitypolicyviolation", (event) => {
    console.error(
      `securitypolicyviolation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile || location.href}:${event.lineNumber})`,
    );
  });
}

const watches = new WeakMap<Page, { problems: PageProblems; documents: Map<string, number> }>();
/** The pages each watched context opened, closed ones included: their problems still count. */
const contextPages = new WeakMap<BrowserContext, Set<Page>>();

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

function watchPage(page: Page): PageProblems {
  const existing = watches.get(page);
  if (existing) return existing.problems;
  const problems = new PageProblems();
  /** Document URLs the page received, with their status: a 4xx document is the app's own answer. */
  const documents = new Map<string, number>();
  watches.set(page, { problems, documents });

  page.on("console", (message) => onConsole(page, problems, documents, message));
  page.on("pageerror", (error) => {
    problems.report(
      "uncaught exception",
      page.url(),
      `${error.name}: ${error.message}${error.stack ? `\n${error.stack.split("\n").slice(1, 4).join("\n")}` : ""}`,
    );
  });
  page.on("response", (response) => onResponse(problems, documents, response));
  return problems;
}

function onConsole(page: Page, problems: PageProblems, documents: Map<string, number>, message: ConsoleMessage) {
  if (message.type() !== "error") return;
  const text = message.text();
  const source = message.location().url;
  // "Failed to load resource: the server responded with a status of 404" for the page itself (or its
  // React Router data request) is the app's intended answer, which the test asserts; a failed
  // script, style sheet, image or font, or any 5xx, is not.
  const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(text)?.[1];
  if (status && Number(status) < 500 && (documents.get(source) === Number(status) || isRouteDataUrl(source))) {
    return;
  }
  const url = page.url();
  problems.report(
    "console error",
    url,
    source && source !== url && !text.includes(source) ? `${text} (${source})` : text,
  );
}

function onResponse(problems: PageProblems, documents: Map<string, number>, response: Response): void {
  if (response.request().resourceType() !== "document") return;
  const url = response.url();
  documents.set(url, response.status());
  if (!(response.headers()["content-type"] ?? "").startsWith("text/html")) return;
  problems.validateDocument({
    method: response.request().method(),
    url,
    status: response.status(),
    html: () => response.text(),
  });
}

/**
 * Declares a console error, uncaught exception or CSP violation this test
 * expects on this page (matched against the message text). Undeclared ones
 * fail the test.
 */
export function expectConsoleError(page: Page, pattern: RegExp): void {
  watchPage(page).expect(pattern);
}

/** The problems found on the page so far that no test declared, as lines; they are then forgotten. */
export function takeUnexpectedProblems(page: Page): Promise<string[]> {
  return watches.get(page)?.problems.takeUnexpected() ?? Promise.resolve([]);
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
