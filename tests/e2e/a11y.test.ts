/**
 * Accessibility (docs/security.md): axe-core on every screen of its own data (createActorsWorld), with
 * JavaScript on and off, allowing no serious or critical violation.
 *
 * JS on: the page is loaded and hydrated, then axe is injected (the context
 * bypasses the CSP for the injected script only; the app's own scripts keep
 * their nonce). JS off: the page is loaded in a JavaScript-disabled context
 * and its server HTML is kept; that HTML, with its <script> tags removed, is
 * then served to a JavaScript-enabled page at the same URL (so styles and
 * relative URLs resolve) and axe runs there: what axe sees is exactly what a
 * browser without JavaScript renders.
 *
 * There is no list of known or exempted violations: any serious or critical
 * finding fails, naming the screen, rule and elements.
 */
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { newContext } from "../support/browser";
import { type AppServer, startAppServer } from "../support/server";
import { type Actor, type ActorCredentials, type ActorsWorld, createActorsWorld } from "./authorization-matrix.support";
import { listScreens, type Screen, signInContext } from "./third-party.screens";

const axeSource: string = createRequire(import.meta.url)("axe-core").source;

let app: AppServer<ActorsWorld>;
let screens: Screen[];
let actors: Record<Actor, ActorCredentials>;

beforeAll(async () => {
  app = await startAppServer({ env: { LOG_LEVEL: "info" }, catchMail: true, fixtures: createActorsWorld });
  ({ screens, actors } = await listScreens(app));
  // Survey previews share one renderer: two of them stand for all.
  let previews = 0;
  screens = screens.filter((screen) => !screen.path.startsWith("/survey/content/") || previews++ < 2);
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  })) as Violation[];
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => {
      const targets = violation.nodes.map((node) => JSON.stringify(node.target));
      return `${violation.impact} ${violation.id}: ${violation.help} — ${targets.slice(0, 5).join(", ")}`;
    });
}

describe.each([
  { name: "JS on", javaScriptEnabled: true },
  { name: "JS off", javaScriptEnabled: false },
])("$name", ({ javaScriptEnabled }) => {
  test("no serious or critical axe violation on any screen", async () => {
    const found: Record<string, string[]> = {};
    for (const actor of new Set(screens.map((screen) => screen.actor))) {
      const context = await newContext({ javaScriptEnabled: true, bypassCSP: true, baseURL: app.baseURL });
      await signInContext(context, app.baseURL, actors[actor]);
      const page = await context.newPage();
      const noJs = javaScriptEnabled ? undefined : await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
      if (noJs) await signInContext(noJs, app.baseURL, actors[actor]);
      const noJsPage = await noJs?.newPage();
      for (const screen of screens.filter((candidate) => candidate.actor === actor)) {
        if (noJsPage) {
          await noJsPage.goto(screen.path);
          const html = (await noJsPage.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
          await page.route(
            `${app.baseURL}${screen.path}`,
            (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }),
            { times: 1 },
          );
        }
        await page.goto(screen.path, { waitUntil: "load" });
        if (javaScriptEnabled) await page.waitForTimeout(300);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[screen.path] = violations;
      }
      await noJs?.close();
      await context.close();
    }
    if (process.env.A11Y_DEBUG) console.log(JSON.stringify(found, null, 1));
    expect(found).toEqual({});
  }, 480_000);
});
