/**
 * `npm run screens:compare -- <before-url> <after-url> [out-dir]`: the sign-in
 * page, the demo teacher's class home and a results screen of two running
 * servers (e.g. an older build and this one, both started with
 * DEMO_DATA=true), at 1280, 768 and 375 px, with JavaScript on and off and
 * reduced motion (a still avatar), saved as PNGs and compared pixel by pixel.
 * Prints, per screen, the share of pixels that differ and where; a change in
 * page height is printed as such. A tool for "this change looks the same",
 * not a test: it never fails.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import { PNG } from "pngjs";
import { DEMO_ACCOUNTS } from "~/server/seed/demo-data.server";
import { CHROMIUM_PATH } from "../support/chromium";

const WIDTHS = [1280, 768, 375];
const SCREENS = ["login", "class-home", "results"] as const;
type Screen = (typeof SCREENS)[number];

async function signedInPaths(browser: Browser, base: string): Promise<Record<Screen, string>> {
  const teacher = DEMO_ACCOUNTS.find((account) => account.key === "teacher");
  if (!teacher) throw new Error("No demo teacher");
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.fill('input[name="email"]', teacher.email);
  await page.fill('input[name="password"]', teacher.password);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith("/login")),
    page.click('button[type="submit"]'),
  ]);
  await page.goto(`${base}/home`);
  const classId = /\/class\/(\d+)/.exec(new URL(page.url()).pathname)?.[1] ?? "1";
  await page.goto(`${base}/class/${classId}/surveys`);
  const results = await page.locator('a[href*="/surveys/results/"]').first().getAttribute("href");
  const cookies = await context.cookies();
  await context.close();
  sessionCookies.set(base, cookies);
  return { login: "/login", "class-home": `/class/${classId}/home`, results: results ?? `/class/${classId}/surveys` };
}

const sessionCookies = new Map<string, Awaited<ReturnType<import("playwright-core").BrowserContext["cookies"]>>>();

async function shoot(browser: Browser, label: string, base: string, out: string) {
  const paths = await signedInPaths(browser, base);
  for (const javaScriptEnabled of [true, false]) {
    for (const width of WIDTHS) {
      for (const screen of SCREENS) {
        const context = await browser.newContext({
          javaScriptEnabled,
          reducedMotion: "reduce",
          viewport: { width, height: 900 },
        });
        if (screen !== "login") await context.addCookies(sessionCookies.get(base) ?? []);
        const page = await context.newPage();
        await page.goto(base + paths[screen], { waitUntil: "load" });
        await page.waitForTimeout(500);
        await page.screenshot({
          path: file(out, label, screen, width, javaScriptEnabled),
          fullPage: true,
          animations: "disabled",
        });
        await context.close();
      }
    }
  }
}

const file = (out: string, label: string, screen: Screen, width: number, js: boolean) =>
  path.join(out, `${label}-${screen}-${width}-${js ? "js" : "nojs"}.png`);

function compare(a: PNG, b: PNG): string {
  if (a.width !== b.width || a.height !== b.height) return `size ${a.width}x${a.height} → ${b.width}x${b.height}`;
  let differ = 0;
  let [minX, minY, maxX, maxY] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 4;
      const delta =
        Math.abs(a.data[i] - b.data[i]) +
        Math.abs(a.data[i + 1] - b.data[i + 1]) +
        Math.abs(a.data[i + 2] - b.data[i + 2]);
      if (delta > 30) {
        differ++;
        [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
      }
    }
  }
  const share = `${((100 * differ) / (a.width * a.height)).toFixed(3)} % of pixels differ`;
  return differ ? `${share}, in x ${minX}–${maxX}, y ${minY}–${maxY}` : share;
}

const [before, after, out = "screens-compare"] = process.argv.slice(2);
if (!before || !after) {
  console.error("usage: npm run screens:compare -- <before-url> <after-url> [out-dir]");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox"] });
try {
  await shoot(browser, "before", before, out);
  await shoot(browser, "after", after, out);
} finally {
  await browser.close();
}
for (const screen of SCREENS) {
  for (const width of WIDTHS) {
    for (const js of [true, false]) {
      const read = (label: string) => PNG.sync.read(readFileSync(file(out, label, screen, width, js)));
      console.log(`${screen} ${width} px, JavaScript ${js ? "on" : "off"}: ${compare(read("before"), read("after"))}`);
    }
  }
}
