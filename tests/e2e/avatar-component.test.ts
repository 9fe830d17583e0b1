/**
 * <Avatar> itself, in headless Chromium, on a test page of its own: the page is
 * server-rendered here with react-dom/server (as the app does) and hydrated by a client
 * bundle that Vite builds from app/components/avatar in beforeAll. The page is served
 * with the app's real Content-Security-Policy (app/server/web/security-headers.server.ts).
 *
 * The app's own pages (header, /home) are checked in avatar-app.test.ts once the shell
 * mounts <Avatar> there.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { build } from "vite";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Avatar } from "~/components/avatar/avatar";
import { AVATAR_RIV_URL } from "~/lib/rive/avatar-names";
import { encodeRiveFile, TypeKey } from "~/lib/rive/riv-format";
import { contentSecurityPolicy, createNonce } from "~/server/web/security-headers.server";
import { expectConsoleError, newPage } from "../support/browser";

const SIZES = [40, 64, 160];
const root = path.resolve(".");
const workDir = path.join(root, "node_modules", ".avatar-e2e", String(process.pid));
const outDir = path.join(workDir, "dist");

let server: Server;
let baseURL: string;
let entryScript: string;
const requests: string[] = [];

function avatars(sizes: number[]) {
  return createElement(
    Fragment,
    null,
    sizes.map((size) => createElement(Avatar, { key: size, name: `Avatar ${size}`, size })),
  );
}

function pageHtml(sizes: number[], nonce: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Avatars</title></head>
<body style="margin:0;padding:16px;font-family:sans-serif">
<div id="root" data-sizes="${JSON.stringify(sizes)}" style="display:flex;gap:16px;align-items:center">${renderToString(avatars(sizes))}</div>
<script type="module" nonce="${nonce}" src="${entryScript}"></script>
</body></html>`;
}

const contentTypes: Record<string, string> = {
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".riv": "application/octet-stream",
};

beforeAll(async () => {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const entry = path.join(workDir, "entry.tsx");
  await writeFile(
    entry,
    `import { createElement, Fragment } from "react";
import { hydrateRoot } from "react-dom/client";
import { Avatar } from ${JSON.stringify(path.join(root, "app/components/avatar/avatar.tsx"))};
const container = document.getElementById("root")!;
const sizes: number[] = JSON.parse(container.dataset.sizes ?? "[]");
hydrateRoot(container, createElement(Fragment, null, sizes.map((size) => createElement(Avatar, { key: size, name: "Avatar " + size, size }))));
`,
  );
  await build({
    configFile: false,
    root: workDir,
    logLevel: "error",
    mode: "production",
    resolve: { alias: { "~": path.join(root, "app") } },
    build: { outDir, emptyOutDir: true, manifest: true, assetsInlineLimit: 0, rollupOptions: { input: entry } },
  });
  const manifest = JSON.parse(await readFile(path.join(outDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entryChunk = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entryChunk) throw new Error("The avatar test bundle has no entry chunk");
  entryScript = `/${entryChunk.file}`;

  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    requests.push(url.pathname);
    try {
      if (url.pathname === "/favicon.ico") {
        response.writeHead(204).end();
        return;
      }
      if (url.pathname === "/") {
        const nonce = createNonce();
        const sizes = url.searchParams.has("none") ? [] : SIZES;
        response
          .writeHead(200, {
            "Content-Type": "text/html; charset=utf-8",
            "Content-Security-Policy": contentSecurityPolicy(nonce),
          })
          .end(pageHtml(sizes, nonce));
        return;
      }
      const file =
        url.pathname === AVATAR_RIV_URL
          ? path.join(root, "public", url.pathname)
          : path.join(outDir, path.normalize(url.pathname));
      if (!file.startsWith(outDir) && !file.startsWith(path.join(root, "public"))) throw new Error("outside");
      const body = await readFile(file);
      response
        .writeHead(200, { "Content-Type": contentTypes[path.extname(file)] ?? "application/octet-stream" })
        .end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rm(workDir, { recursive: true, force: true });
});

type Watched = { page: Page; requests: string[]; offsite: string[]; console: { type: string; text: string }[] };

async function openPage(
  options: {
    javaScriptEnabled?: boolean;
    noWebAssembly?: boolean;
    reducedMotion?: "reduce" | "no-preference";
    saveData?: boolean;
    holdIdleCallbacks?: boolean;
    deviceScaleFactor?: number;
  } = {},
): Promise<Watched> {
  const page = await newPage({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    deviceScaleFactor: options.deviceScaleFactor ?? 2,
    reducedMotion: options.reducedMotion ?? "no-preference",
  });
  if (options.noWebAssembly) await page.addInitScript("delete window.WebAssembly");
  // The Network Information API's Data Saver flag, as a phone with "Lite mode" or "Data saver" on reports it.
  if (options.saveData) {
    await page.addInitScript(
      "Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' }, configurable: true })",
    );
  }
  // The browser is never idle until the test says so: idle callbacks wait in a queue.
  if (options.holdIdleCallbacks) {
    await page.addInitScript(`
      window.__idleQueue = [];
      window.requestIdleCallback = (callback) => window.__idleQueue.push(callback);
      window.cancelIdleCallback = (handle) => { window.__idleQueue[handle - 1] = () => {}; };
      window.__becomeIdle = () => {
        const queue = window.__idleQueue.splice(0);
        for (const callback of queue) callback({ didTimeout: false, timeRemaining: () => 50 });
        return queue.length;
      };
    `);
  }
  const watched: Watched = { page, requests: [], offsite: [], console: [] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === baseURL) watched.requests.push(url.pathname);
    else watched.offsite.push(request.url());
  });
  page.on("console", (message) => watched.console.push({ type: message.type(), text: message.text() }));
  return watched;
}

async function goto(watched: Watched, query = "") {
  await watched.page.goto(`${baseURL}/${query}`);
}

async function avatarStates(page: Page) {
  return page
    .locator("[data-avatar]")
    .evaluateAll((elements) => elements.map((element) => element.getAttribute("data-avatar")));
}

async function avatarBoxes(page: Page) {
  return page
    .locator("[data-avatar]")
    .evaluateAll((elements) =>
      elements
        .map((element) => element.getBoundingClientRect())
        .map(({ x, y, width, height }) => ({ x, y, width, height })),
    );
}

const rivRequests = (watched: Watched) => watched.requests.filter((pathname) => pathname === AVATAR_RIV_URL);
const wasmRequests = (watched: Watched) => watched.requests.filter((pathname) => pathname.endsWith(".wasm"));

test("with JavaScript, every avatar animates from ONE .riv request and self-hosted WASM, under the app's CSP", async () => {
  const watched = await openPage();
  await goto(watched);
  const { page } = watched;
  const before = await avatarBoxes(page);
  expect(before.map((box) => box.width)).toEqual(SIZES);

  await page.waitForFunction(
    (count) =>
      [...document.querySelectorAll("[data-avatar]")].filter(
        (element) => element.getAttribute("data-avatar") === "animated",
      ).length === count,
    SIZES.length,
    { timeout: 15_000 },
  );
  expect(await page.locator("[data-avatar] canvas").count()).toBe(SIZES.length);
  expect(rivRequests(watched)).toHaveLength(1);
  expect(wasmRequests(watched)).toHaveLength(1);
  expect(wasmRequests(watched)[0]).toMatch(/^\/assets\/rive-[\w-]+\.wasm$/);
  expect(watched.offsite).toEqual([]);
  expect(watched.console.filter((message) => /Content Security Policy|Refused to/i.test(message.text))).toEqual([]);
  expect(watched.console.filter((message) => message.type === "error")).toEqual([]);
  // No layout shift: the boxes did not move or resize when the canvases took over.
  expect(await avatarBoxes(page)).toEqual(before);

  // The canvas keeps drawing (the idle loop), with its backing store at the clamped DPR.
  const canvas = page.locator("[data-avatar] canvas").last();
  const first = await canvas.screenshot();
  await expect.poll(async () => first.equals(await canvas.screenshot()), { timeout: 15_000 }).toBe(false);
  expect(await canvas.evaluate((element: HTMLCanvasElement) => element.width)).toBe(SIZES[2] * 2);
  await page.locator("#root").screenshot({ path: path.join(workDir, "..", "avatar-animated.png") });
});

test("on a 4x and a 0.5x screen the canvas's backing store is drawn at the device pixel ratio clamped to 3 and 1", async () => {
  for (const [scale, clamped] of [
    [4, 3],
    [0.5, 1],
  ]) {
    const watched = await openPage({ deviceScaleFactor: scale });
    await goto(watched);
    const { page } = watched;
    await page.waitForFunction(
      (count) => document.querySelectorAll("[data-avatar='animated']").length === count,
      SIZES.length,
      { timeout: 15_000 },
    );
    // The runtime resizes the canvas once it has drawn: wait for it, however loaded the machine.
    const widths = () =>
      page
        .locator("[data-avatar] canvas")
        .evaluateAll((elements) =>
          elements.map((element) => [(element as HTMLCanvasElement).width, (element as HTMLCanvasElement).height]),
        );
    await expect
      .poll(widths, { message: `deviceScaleFactor ${scale}`, timeout: 15_000 })
      .toEqual(SIZES.map((size) => [size * clamped, size * clamped]));
    await page.close();
  }
});

test("a page without an avatar loads neither the Rive runtime, the WASM nor the .riv", async () => {
  const watched = await openPage();
  await goto(watched, "?none");
  await watched.page.waitForLoadState("load");
  await watched.page.waitForTimeout(1500);
  expect(rivRequests(watched)).toEqual([]);
  expect(wasmRequests(watched)).toEqual([]);
  expect(watched.requests.filter((pathname) => pathname.includes("rive-avatar"))).toEqual([]);
});

test("without JavaScript the static avatars show, at their final size", async () => {
  const watched = await openPage({ javaScriptEnabled: false });
  await goto(watched);
  const { page } = watched;
  expect(await avatarStates(page)).toEqual(SIZES.map(() => "static"));
  expect(await page.locator("[data-avatar] svg").count()).toBe(SIZES.length);
  expect((await avatarBoxes(page)).map((box) => [box.width, box.height])).toEqual(SIZES.map((size) => [size, size]));
  expect(await page.getByRole("img", { name: "Avatar 64" }).count()).toBe(1);
  expect(rivRequests(watched)).toEqual([]);
});

test("without WebAssembly the static avatars stay and nothing of Rive is fetched", async () => {
  const watched = await openPage({ noWebAssembly: true });
  await goto(watched);
  const { page } = watched;
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-avatar]")].every(
      (element) => element.getAttribute("data-avatar") === "fallback",
    ),
  );
  expect(await page.locator("[data-avatar] svg").count()).toBe(SIZES.length);
  expect(await page.locator("[data-avatar] canvas").count()).toBe(0);
  expect(rivRequests(watched)).toEqual([]);
  expect(wasmRequests(watched)).toEqual([]);
});

/** The page has loaded and the browser has been idle: anything deferred to idle time has started. */
async function waitUntilLoadedAndIdle(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 3000 })));
  await page.waitForTimeout(1500);
}

const riveChunkRequests = (watched: Watched) => watched.requests.filter((pathname) => pathname.includes("rive-avatar"));

test("with reduced motion asked for, the static faces stay and nothing of Rive is fetched", async () => {
  const watched = await openPage({ reducedMotion: "reduce" });
  await goto(watched);
  const { page } = watched;
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-avatar]")].every((element) => element.getAttribute("data-avatar") === "still"),
  );
  await waitUntilLoadedAndIdle(page);
  expect(await avatarStates(page)).toEqual(SIZES.map(() => "still"));
  expect(await page.locator("[data-avatar] svg").count()).toBe(SIZES.length);
  expect(await page.locator("[data-avatar] canvas").count()).toBe(0);
  expect(rivRequests(watched)).toEqual([]);
  expect(wasmRequests(watched)).toEqual([]);
  expect(riveChunkRequests(watched)).toEqual([]);
  expect(watched.console.filter((message) => message.type === "error")).toEqual([]);
});

test("with Data Saver on (navigator.connection.saveData), the static faces stay and nothing of Rive is fetched", async () => {
  const watched = await openPage({ saveData: true });
  await goto(watched);
  const { page } = watched;
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-avatar]")].every((element) => element.getAttribute("data-avatar") === "still"),
  );
  await waitUntilLoadedAndIdle(page);
  expect(await avatarStates(page)).toEqual(SIZES.map(() => "still"));
  expect(await page.locator("[data-avatar] svg").count()).toBe(SIZES.length);
  expect(rivRequests(watched)).toEqual([]);
  expect(wasmRequests(watched)).toEqual([]);
  expect(riveChunkRequests(watched)).toEqual([]);
});

test("the animation loads only once the browser is idle, then every avatar animates", async () => {
  const watched = await openPage({ holdIdleCallbacks: true });
  await goto(watched);
  const { page } = watched;
  await page.waitForLoadState("load");
  await page.waitForTimeout(2000);
  // Loaded, hydrated, but never idle: still the server's faces, and nothing of Rive asked for.
  expect(await avatarStates(page)).toEqual(SIZES.map(() => "static"));
  expect(rivRequests(watched)).toEqual([]);
  expect(wasmRequests(watched)).toEqual([]);
  expect(riveChunkRequests(watched)).toEqual([]);

  expect(await page.evaluate(() => (window as unknown as { __becomeIdle: () => number }).__becomeIdle())).toBe(
    SIZES.length,
  );
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("[data-avatar]")].every(
        (element) => element.getAttribute("data-avatar") === "animated",
      ),
    undefined,
    { timeout: 15_000 },
  );
  expect(rivRequests(watched)).toHaveLength(1);
  expect(wasmRequests(watched)).toHaveLength(1);
});

test("when the device asks for reduced motion while the avatars animate, the static faces come back", async () => {
  const watched = await openPage();
  await goto(watched);
  const { page } = watched;
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("[data-avatar]")].every(
        (element) => element.getAttribute("data-avatar") === "animated",
      ),
    undefined,
    { timeout: 15_000 },
  );
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-avatar]")].every((element) => element.getAttribute("data-avatar") === "still"),
  );
  expect(await page.locator("[data-avatar] canvas").count()).toBe(0);
  expect(await page.locator("[data-avatar] svg").count()).toBe(SIZES.length);
});

async function expectFallbackWithError(watched: Watched, text: string) {
  const { page } = watched;
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("[data-avatar]")].every(
        (element) => element.getAttribute("data-avatar") === "fallback",
      ),
    undefined,
    { timeout: 15_000 },
  );
  expect(await page.locator("[data-avatar] svg").count()).toBe(SIZES.length);
  expect(watched.console.some((message) => message.type === "error" && message.text.includes(text))).toBe(true);
}

test("when the .riv cannot be fetched, 'Failed to load Rive file' is logged once and the static avatars stay", async () => {
  const watched = await openPage();
  expectConsoleError(watched.page, /^Failed to load Rive file Error: HTTP error! status: 404\b/);
  expectConsoleError(watched.page, /status of 404 .*\/assets\/runtimes\/orliverse_rive\.riv\)$/);
  await watched.page.route(`**${AVATAR_RIV_URL}`, (route) => route.fulfill({ status: 404, body: "" }));
  await goto(watched);
  await expectFallbackWithError(watched, "Failed to load Rive file");
  expect(watched.console.filter((message) => message.text.includes("Failed to load Rive file"))).toHaveLength(1);
});

test("a corrupt .riv logs 'The file failed to load' and the static avatars stay", async () => {
  const watched = await openPage();
  // The Rive runtime logs the parse failure itself, once per avatar.
  expectConsoleError(watched.page, /^(Bad header|The file failed to load) \(/);
  await watched.page.route(`**${AVATAR_RIV_URL}`, (route) => route.fulfill({ status: 200, body: "not a rive file" }));
  await goto(watched);
  await expectFallbackWithError(watched, "The file failed to load");
});

test("a .riv without the Avatar artboard logs 'Invalid artboard name or no default artboard'", async () => {
  const watched = await openPage();
  expectConsoleError(watched.page, /^Invalid artboard name or no default artboard \(/);
  const empty = Buffer.from(encodeRiveFile([{ type: TypeKey.Backboard }]));
  await watched.page.route(`**${AVATAR_RIV_URL}`, (route) => route.fulfill({ status: 200, body: empty }));
  await goto(watched);
  await expectFallbackWithError(watched, "Invalid artboard name or no default artboard");
});

test("when the WASM never arrives, the static avatars stay after the timeout", async () => {
  const watched = await openPage();
  await watched.page.route("**/*.wasm", () => {
    // Never answered.
  });
  await goto(watched);
  const { page } = watched;
  await page.waitForFunction(() => document.querySelector("[data-avatar]")?.getAttribute("data-avatar") === "loading");
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("[data-avatar]")].every(
        (element) => element.getAttribute("data-avatar") === "fallback",
      ),
    undefined,
    { timeout: 10_000 },
  );
  expect(await page.locator("[data-avatar] svg").count()).toBe(SIZES.length);
  expect(await page.locator("[data-avatar] canvas").count()).toBe(0);
});
