/**
 * The core flows (tests/e2e/browsers.support.ts) in Chromium through
 * playwright-core, JavaScript on and off: the same steps the Firefox ESR and
 * WebKitGTK files run, so one scenario covers every engine and mode.
 */
import { chromium, type ElementHandle, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import { takeUnexpectedProblems, watchContext } from "../support/page-checks";
import { type BrowserDriver, coreFlows, JS_ON_AND_OFF } from "./browsers.support";

coreFlows({
  name: "Chromium",
  modes: JS_ON_AND_OFF,
  requires: [{ binary: CHROMIUM_PATH, install: "apt-get install -y chromium" }],
  async open({ javaScriptEnabled }): Promise<BrowserDriver> {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const context = await browser.newContext({ javaScriptEnabled });
    await watchContext(context);
    const page: Page = await context.newPage();
    return {
      async goto(url) {
        await page.goto(url);
      },
      evaluate: (expression) => page.evaluate(expression),
      async element(expression) {
        const handle = (await page.evaluateHandle(expression)).asElement() as ElementHandle<HTMLElement> | null;
        if (!handle) return null;
        return {
          click: () => handle.click(),
          type: (text) => handle.fill(text),
        };
      },
      close: () => browser.close(),
      problems: () => takeUnexpectedProblems(page),
    };
  },
});
