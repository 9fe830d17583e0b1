/**
 * The core flows (tests/e2e/browsers.support.ts) in WebKitGTK with
 * JavaScript off, driven by selenium-webdriver through WebKitWebDriver, which
 * launches WebKitGTK's MiniBrowser on an X display: this file starts its own
 * Xvfb on a display Xvfb picks itself (-displayfd), so no xvfb-run is needed.
 * JS off is MiniBrowser's `--enable-javascript=false` (a WebKitSettings
 * property, passed through the `webkitgtk:browserOptions` capability); the
 * driver's own scripts still run then.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { Builder, type WebElement } from "selenium-webdriver";
import { freePort } from "../support/app-process";
import { type BrowserDriver, coreFlows, JS_OFF_ONLY } from "./browsers.support";

const INSTALL = "apt-get install -y webkit2gtk-driver xvfb";

/** Starts Xvfb on a free display and returns it, e.g. ":3". */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  let errors = "";
  xvfb.stderr?.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2_000);
  });
  const display = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`Xvfb did not report a display within 20 s:\n${errors}`)), 20_000);
    xvfb.stdio[3]?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) {
        clearTimeout(timer);
        resolve(`:${out.trim()}`);
      }
    });
    xvfb.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited with ${code}:\n${errors}`));
    });
  });
  return { display, process: xvfb };
}

/** Starts WebKitWebDriver on a free port and waits until it answers /status. */
async function startWebDriver(display: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const driver = spawn("WebKitWebDriver", [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${driver.exitCode}`);
    try {
      if ((await fetch(`${url}/status`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer on ${url} within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, process: driver };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

coreFlows({
  name: "WebKitGTK",
  modes: JS_OFF_ONLY,
  requires: [
    { binary: "WebKitWebDriver", install: INSTALL },
    { binary: "Xvfb", install: INSTALL },
  ],
  async open({ javaScriptEnabled }): Promise<BrowserDriver> {
    const xvfb = await startXvfb();
    const webDriver = await startWebDriver(xvfb.display).catch(async (error) => {
      await stopProcess(xvfb.process);
      throw error;
    });
    const stop = async () => {
      await stopProcess(webDriver.process);
      await stopProcess(xvfb.process);
    };
    try {
      const driver = await new Builder()
        .usingServer(webDriver.url)
        .withCapabilities({
          browserName: "MiniBrowser",
          "webkitgtk:browserOptions": { args: ["--automation", `--enable-javascript=${javaScriptEnabled}`] },
        })
        .build();
      await driver.manage().setTimeouts({ pageLoad: 30_000, script: 30_000 });
      const native = (element: WebElement) => ({
        click: () => element.click(),
        type: (text: string) => element.sendKeys(text),
      });
      return {
        goto: (url) => driver.get(url),
        evaluate: (expression) => driver.executeScript(`return ${expression};`),
        async element(expression) {
          const element = (await driver.executeScript(`return ${expression};`)) as WebElement | null;
          return element ? native(element) : null;
        },
        async close() {
          await driver.quit().catch(() => {});
          await stop();
        },
      };
    } catch (error) {
      await stop();
      throw error;
    }
  },
});
