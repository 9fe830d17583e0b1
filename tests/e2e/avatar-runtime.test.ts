/**
 * The generated public/assets/runtimes/orliverse_rive.riv in the real Rive runtime
 * (@rive-app/canvas, the build @rive-app/react-canvas uses), in headless Chromium.
 *
 * A tiny node:http server on 127.0.0.1 serves a bare page, the runtime's rive.js and
 * rive.wasm from node_modules, and the committed .riv, so this checks the file itself,
 * independent of the app.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { AVATAR_ANIMATION, AVATAR_ARTBOARD, AVATAR_ARTBOARD_SIZE, AVATAR_STATE_MACHINE } from "~/lib/rive/avatar-names";
import { newPage } from "../support/browser";

const CANVAS_PX = 200;

const testPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rive avatar</title><link rel="icon" href="data:,"></head>
<body style="margin:0;background:#fff">
<canvas id="avatar" width="${CANVAS_PX}" height="${CANVAS_PX}" style="width:${CANVAS_PX}px;height:${CANVAS_PX}px"></canvas>
<script src="/rive.js"></script>
<script>
  rive.RuntimeLoader.setWasmUrl("/rive.wasm");
  rive.RuntimeLoader.setWasmFallbackUrl(null);
  // No artboard named: the file's default (first) artboard must do.
  window.loaded = new Promise((resolve) => {
    const instance = new rive.Rive({
      src: "/orliverse_rive.riv",
      canvas: document.getElementById("avatar"),
      stateMachine: "${AVATAR_STATE_MACHINE}",
      autoplay: true,
      onLoad: () => resolve({
        ok: true,
        contents: instance.contents,
        artboard: instance.activeArtboard,
        playingStateMachines: instance.playingStateMachineNames,
        bounds: instance.bounds,
        idle: (() => {
          const animation = instance.artboard.animationByIndex(0);
          return { name: animation.name, fps: animation.fps, duration: animation.duration, loopValue: animation.loopValue };
        })(),
      }),
      onLoadError: (event) => resolve({ ok: false, error: String(event.data) }),
    });
    window.instance = instance;
  });
</script>
</body></html>`;

const root = path.resolve(".");
const files: Record<string, { body: Buffer | string; type: string }> = {
  "/": { body: testPage, type: "text/html; charset=utf-8" },
  "/rive.js": { body: readFileSync(path.join(root, "node_modules/@rive-app/canvas/rive.js")), type: "text/javascript" },
  "/rive.wasm": {
    body: readFileSync(path.join(root, "node_modules/@rive-app/canvas/rive.wasm")),
    type: "application/wasm",
  },
  "/orliverse_rive.riv": {
    body: readFileSync(path.join(root, "public/assets/runtimes/orliverse_rive.riv")),
    type: "application/octet-stream",
  },
};

let server: Server;
let baseURL: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const file = files[new URL(request.url ?? "/", "http://x").pathname];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": file.type, "Cache-Control": "no-store" }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

type Loaded =
  | {
      ok: true;
      contents: { artboards: { name: string; animations: string[]; stateMachines: { name: string }[] }[] };
      artboard: string;
      playingStateMachines: string[];
      bounds: { minX: number; minY: number; maxX: number; maxY: number };
      idle: { name: string; fps: number; duration: number; loopValue: number };
    }
  | { ok: false; error: string };

async function openAvatar(): Promise<{ page: Page; loaded: Loaded; offsiteRequests: string[] }> {
  const page = await newPage({ javaScriptEnabled: true, viewport: { width: 400, height: 300 }, deviceScaleFactor: 1 });
  const offsiteRequests: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL)) offsiteRequests.push(request.url());
  });
  await page.goto(`${baseURL}/`);
  const loaded = (await page.evaluate("window.loaded")) as Loaded;
  return { page, loaded, offsiteRequests };
}

test("the generated file loads with its artboard, looping idle animation and state machine", async () => {
  const { loaded, offsiteRequests } = await openAvatar();
  expect(loaded).toMatchObject({ ok: true });
  if (!loaded.ok) return;
  expect(loaded.contents.artboards).toEqual([
    {
      name: AVATAR_ARTBOARD,
      animations: [AVATAR_ANIMATION],
      stateMachines: [expect.objectContaining({ name: AVATAR_STATE_MACHINE })],
    },
  ]);
  // No artboard was named, so this is the file's default artboard.
  expect(loaded.artboard).toBe(AVATAR_ARTBOARD);
  expect(loaded.playingStateMachines).toEqual([AVATAR_STATE_MACHINE]);
  // 4 s at 60 fps, looping (loopValue 1).
  expect(loaded.idle).toEqual({ name: AVATAR_ANIMATION, fps: 60, duration: 240, loopValue: 1 });
  expect(loaded.bounds).toEqual({ minX: 0, minY: 0, maxX: AVATAR_ARTBOARD_SIZE, maxY: AVATAR_ARTBOARD_SIZE });
  expect(offsiteRequests).toEqual([]);
});

test("the avatar animates: it bobs continuously and blinks once per loop", async () => {
  const { page, loaded } = await openAvatar();
  expect(loaded).toMatchObject({ ok: true });

  // Sample the canvas for a little over one 4 s loop: a fingerprint of all pixels, and
  // how many pixels of the left eye's area are eye-coloured (few while it blinks).
  const samples = (await page.evaluate(
    ({ size }) =>
      new Promise((resolve) => {
        const source = document.getElementById("avatar") as HTMLCanvasElement;
        const copy = document.createElement("canvas");
        copy.width = copy.height = size;
        const context = copy.getContext("2d", { willReadFrequently: true })!;
        const result: { fingerprint: number; eyePixels: number }[] = [];
        const scale = size / 100;
        const started = performance.now();
        const timer = setInterval(() => {
          context.clearRect(0, 0, size, size);
          context.drawImage(source, 0, 0);
          const { data } = context.getImageData(0, 0, size, size);
          let fingerprint = 0;
          for (let i = 0; i < data.length; i += 4)
            fingerprint = (fingerprint * 31 + data[i] + data[i + 1] * 7 + data[i + 2] * 13) >>> 0;
          // Left eye: centre (38, 52) in artboard units, 8 × 11, plus the 3-unit bob.
          let eyePixels = 0;
          for (let y = Math.floor(42 * scale); y < Math.ceil(62 * scale); y++) {
            for (let x = Math.floor(32 * scale); x < Math.ceil(44 * scale); x++) {
              const i = (y * size + x) * 4;
              if (data[i] < 80 && data[i + 1] < 80 && data[i + 2] > 60 && data[i + 2] < 140) eyePixels++;
            }
          }
          result.push({ fingerprint, eyePixels });
          if (performance.now() - started > 4600) {
            clearInterval(timer);
            resolve(result);
          }
        }, 40);
      }),
    { size: CANVAS_PX },
  )) as { fingerprint: number; eyePixels: number }[];

  expect(samples.length).toBeGreaterThan(40);
  const distinctFrames = new Set(samples.map((sample) => sample.fingerprint)).size;
  expect(distinctFrames, "the canvas should keep changing").toBeGreaterThan(20);
  const eyePixels = samples.map((sample) => sample.eyePixels);
  const open = Math.max(...eyePixels);
  const shut = Math.min(...eyePixels);
  expect(open, "the open eye is drawn").toBeGreaterThan(40);
  expect(shut, "the eye closes during the blink").toBeLessThan(open * 0.5);
});
