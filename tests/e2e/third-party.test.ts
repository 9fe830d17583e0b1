/**
 * No third-party requests (docs/security.md): with JavaScript on, every screen of
 * the actors' data (createActorsWorld) is visited and every request the browser makes (pages,
 * frames, scripts, fonts, images, WASM, fetches) is recorded. None may leave
 * the app's own origin, except what survey content itself names: Storyblok
 * images and YouTube embeds (shared/ARCHITECTURE.md).
 */
import { beforeAll, expect, test } from "vitest";
import { newContext } from "../support/browser";
import { type AppServer, startAppServer } from "../support/server";
import { type Actor, type ActorCredentials, type ActorsWorld, createActorsWorld } from "./authorization-matrix.support";
import { listScreens, type Screen, signInContext } from "./third-party.screens";

/** Hosts that survey content may name: its images and its video embeds (and what the embed itself loads). */
const CONTENT_HOSTS = [
  /^a\.storyblok\.com$/,
  /(^|\.)youtube-nocookie\.com$/,
  /(^|\.)youtube\.com$/,
  /(^|\.)ytimg\.com$/,
  /(^|\.)googlevideo\.com$/,
  /(^|\.)ggpht\.com$/,
];

/** The screens that show a survey's content, where its images and embeds may load: the preview, the admin's survey page and a student's answering page. */
const SHOWS_SURVEY_CONTENT = /^\/(survey\/content|admin\/survey|student\/assignments)\/[^/]+$/;

let app: AppServer<ActorsWorld>;
let screens: Screen[];
let actors: Record<Actor, ActorCredentials>;

beforeAll(async () => {
  app = await startAppServer({ env: { LOG_LEVEL: "info" }, catchMail: true, fixtures: createActorsWorld });
  ({ screens, actors } = await listScreens(app));
});

test("every screen, JS on: no request leaves the app's origin except survey content's images and embeds", async () => {
  const appOrigin = new URL(app.baseURL).origin;
  const offenders: string[] = [];
  const contentRequests: string[] = [];
  let requests = 0;
  for (const actor of new Set(screens.map((screen) => screen.actor))) {
    const context = await newContext({ javaScriptEnabled: true, baseURL: app.baseURL });
    await signInContext(context, app.baseURL, actors[actor]);
    const page = await context.newPage();
    let current = "";
    page.on("request", (request) => {
      requests++;
      const url = request.url();
      if (url.startsWith("data:") || url.startsWith("blob:")) return;
      const parsed = new URL(url);
      if (parsed.origin === appOrigin) return;
      if (CONTENT_HOSTS.some((host) => host.test(parsed.hostname)) && SHOWS_SURVEY_CONTENT.test(current))
        contentRequests.push(`${current} → ${url}`);
      else offenders.push(`${current} → ${url}`);
    });
    // Content hosts are not reachable from CI; answer them locally so pages settle.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 204, body: "" }));
    for (const screen of screens.filter((candidate) => candidate.actor === actor)) {
      current = screen.path;
      // "load", then a moment for hydration's lazy chunks (some screens poll, so never go network-idle).
      await page.goto(screen.path, { waitUntil: "load" });
      await page.waitForTimeout(500);
    }
    await context.close();
  }
  expect(offenders).toEqual([]);
  expect(requests).toBeGreaterThan(screens.length);
  console.info(
    `third-party: ${screens.length} screens, ${requests} requests, ${contentRequests.length} to survey content hosts`,
  );
}, 180_000);
