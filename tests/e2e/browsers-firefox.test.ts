/**
 * The core flows (tests/e2e/browsers.support.ts) in Firefox ESR,
 * JavaScript on and off, driven by puppeteer-core over WebDriver BiDi
 * (Playwright's Firefox build cannot be downloaded here, and Playwright cannot
 * drive a stock Firefox). BiDi has no command to turn scripts off
 * (`page.setJavaScriptEnabled(false)` fails with "unknown command
 * emulation.setScriptingEnabled"), so JS off is the profile preference
 * `javascript.enabled = false`; puppeteer's own evaluate still works then.
 */
import puppeteer, { type ElementHandle } from "puppeteer-core";
import { PageProblems, reportCspViolations } from "../support/page-checks";
import { type BrowserDriver, coreFlows, JS_ON_AND_OFF } from "./browsers.support";

const FIREFOX_PATH = "/usr/bin/firefox-esr";

coreFlows({
  name: "Firefox ESR",
  modes: JS_ON_AND_OFF,
  requires: [{ binary: FIREFOX_PATH, install: "apt-get install -y firefox-esr" }],
  async open({ javaScriptEnabled }): Promise<BrowserDriver> {
    const browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX_PATH,
      headless: true,
      extraPrefsFirefox: {
        // Form history and autofill open a suggestion popup under a field just typed into;
        // it lives outside the page, and the next click only closes it (a lost submit).
        "browser.formfill.enable": false,
        "extensions.formautofill.addresses.enabled": false,
        "extensions.formautofill.creditCards.enabled": false,
        "signon.rememberSignons": false,
        "signon.autofillForms": false,
        ...(javaScriptEnabled ? {} : { "javascript.enabled": false }),
      },
      protocolTimeout: 60_000,
    });
    const page = await browser.newPage();
    page.setDefaultNavigationTimeout(30_000);
    // The same page checks as Chromium's (tests/support/page-checks.ts), fed from puppeteer's events.
    const problems = new PageProblems();
    page.on("console", (message) => {
      if (message.type() === "error") problems.report("console error", page.url(), message.text());
    });
    // Firefox reports CSP violations as page errors ("Content-Security-Policy: …").
    page.on("pageerror", (error) =>
      problems.report("uncaught exception", page.url(), error instanceof Error ? error.message : String(error)),
    );
    page.on("response", (response) => {
      if (!response.request().isNavigationRequest()) return;
      if (!(response.headers()["content-type"] ?? "").startsWith("text/html")) return;
      problems.validateDocument({
        method: response.request().method(),
        url: response.url(),
        status: response.status(),
        html: () => response.text(),
      });
    });
    if (javaScriptEnabled) await page.evaluateOnNewDocument(reportCspViolations);
    return {
      async goto(url) {
        await page.goto(url, { waitUntil: "load" });
      },
      evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
      async element(expression) {
        const handle = (await page.evaluateHandle(expression)).asElement() as ElementHandle<Element> | null;
        if (!handle) return null;
        return {
          // Activated from the keyboard (focus, then Enter), as a keyboard user would.
          // ElementHandle.click() never settles with javascript.enabled=false (its
          // scroll-into-view step waits on an IntersectionObserver), and a mouse click
          // at the centre just after scrolling the element into view missed about one
          // time in three (Firefox hit-tests with a scroll position that lags behind).
          async click() {
            await handle.focus();
            // Space checks a radio or a checkbox; Enter there would send the form (implicit submission).
            const toggle = await handle.evaluate(
              (element) =>
                element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox"),
            );
            await page.keyboard.press(toggle ? " " : "Enter");
          },
          type: (text) => handle.type(text),
        };
      },
      close: () => browser.close(),
      problems: () => problems.takeUnexpected(),
    };
  },
});
