/**
 * Chromium through playwright-core, launched once per test file:
 *
 *   describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
 *     test("...", async () => {
 *       const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
 *       await signIn(page.context(), app, app.fixtures.teacher);
 *       await page.goto("/classes");
 *     });
 *   });
 *
 * Contexts made here are closed after each test; the browser after the file.
 * Every page of them is checked (tests/support/page-checks.ts): each HTML
 * document the app sends passes html-validate, and no console error, uncaught
 * exception or CSP violation happens that the test did not declare with
 * `expectConsoleError(page, /pattern/)`. Otherwise the test fails after it ends.
 */
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, expect } from "vitest";
import { SESSION_COOKIE_NAME } from "~/server/auth/session.server";
import { DEMO_ACCOUNTS, type DemoAccountKey } from "~/server/seed/demo-data.server";
import { type FixtureSession, sessionCookieValue } from "./app-fixtures";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { pageProblemsError, watchContext } from "./page-checks";
import { settled, watchNetwork, withoutJavaScript } from "./settled";

export { expectConsoleError } from "./page-checks";

/** Every user flow runs twice: with JavaScript on and with it off. */
export const jsModes = [
  { name: "JS on", javaScriptEnabled: true },
  { name: "JS off", javaScriptEnabled: false },
] as const;

let browserPromise: Promise<Browser> | undefined;
const contexts = new Set<BrowserContext>();

afterEach(async () => {
  const problems = await pageProblemsError(contexts);
  await Promise.all([...contexts].map((context) => context.close().catch(() => {})));
  contexts.clear();
  if (problems) throw problems;
});

afterAll(async () => {
  const browser = await browserPromise?.catch(() => undefined);
  browserPromise = undefined;
  await browser?.close();
});

export function getBrowser(): Promise<Browser> {
  browserPromise ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return browserPromise;
}

export async function newContext(
  options: BrowserContextOptions & { javaScriptEnabled: boolean },
): Promise<BrowserContext> {
  const browser = await getBrowser();
  const context = await browser.newContext(options);
  contexts.add(context);
  if (!options.javaScriptEnabled) withoutJavaScript.add(context);
  await watchContext(context);
  return context;
}

export async function newPage(options: BrowserContextOptions & { javaScriptEnabled: boolean }): Promise<Page> {
  const context = await newContext(options);
  return context.newPage();
}

export function demoAccount(key: DemoAccountKey) {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.key === key);
  if (!account) throw new Error(`No demo account ${key}`);
  return account;
}

/**
 * Signs the context in with a session a fixture made (tests/support/app-fixtures.ts):
 * sets the cookie the app would have set, signed with the server's secret.
 * No request is made, so the sign-in rate limit is not involved. Replaces any
 * session the context had.
 */
export async function signIn(
  context: BrowserContext,
  app: { baseURL: string; sessionSecret: string },
  session: Pick<FixtureSession, "token">,
): Promise<void> {
  await context.clearCookies({ name: SESSION_COOKIE_NAME });
  await context.addCookies([
    {
      name: SESSION_COOKIE_NAME,
      value: await sessionCookieValue(app.sessionSecret, session.token),
      url: app.baseURL,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

/**
 * Logs in as a demo account through the login form, for the tests whose
 * subject is signing in or the demo data (the rest use `signIn`): posts the login form through the
 * context's request API, which shares the browser context's cookie jar.
 */
export async function loginAs(context: BrowserContext, baseURL: string, key: DemoAccountKey): Promise<void> {
  const account = demoAccount(key);
  // A signed-in context would be redirected away from /login still signed in as before.
  await context.clearCookies();
  const response = await context.request.post(`${baseURL}/login`, {
    form: { email: account.email, password: account.password },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  if (response.status() < 300 || response.status() >= 400) {
    throw new Error(
      `Logging in as ${account.email} gave ${response.status()}, not a redirect:\n${(await response.text()).slice(0, 500)}`,
    );
  }
  const cookies = await context.cookies(baseURL);
  if (cookies.length === 0) throw new Error(`Logging in as ${account.email} set no cookie`);
}

/** Signs in through the /login form as a user would, and waits for the form's answer (and the page to settle). */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  const network = watchNetwork(page);
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await Promise.all([
    page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/login"),
    ),
    page.getByRole("button", { name: "Sign in", exact: true }).click(),
  ]);
  await page.waitForLoadState("load");
  await settled(page, network);
  network.stop();
}

/**
 * The page does not scroll sideways at its viewport's width. Waits for the
 * layout to settle (late styles, a toast sliding in) rather than reading one
 * moment, and names the elements that stick out when it fails.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const measure = () =>
    page.evaluate(() => {
      const width = window.innerWidth;
      const root = document.documentElement;
      if (root.scrollWidth <= width) return "fits";
      const outside = [...document.querySelectorAll("body *")]
        .filter((element) => element.getBoundingClientRect().right > width + 0.5 && element.checkVisibility())
        .slice(0, 5)
        .map(
          (element) =>
            `<${element.tagName.toLowerCase()} class="${element.className}"> to ${Math.round(element.getBoundingClientRect().right)} px`,
        );
      return `${root.scrollWidth} px wide at ${width}: ${outside.join(", ")}`;
    });
  await expect.poll(measure, { timeout: 10_000 }).toBe("fits");
}
