/**
 * The teacher's side of joining, with JavaScript on and off: the class home
 * says where students join and leads to the projector view; the projector
 * view shows the live code, the join address and a QR code that decodes to
 * the join URL, offers a code when there is none, and its joined count rises
 * after a join (on reload, and with JavaScript by itself, from the class's
 * live stream; the count of devices waiting too).
 *
 * The server's public address (APP_URL) is not the address the browser uses,
 * so every address on these screens must come from the configuration, never
 * from the request's Host. JS on works in 5A Sunflowers, JS off in 5B Oak Tree,
 * of the file's own school (tests/support/e2e-world.ts); 5A starts with a live code.
 */
import jsQR from "jsqr";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, test } from "vitest";
import { jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorldWithCode } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";

const PUBLIC_ORIGIN = "https://classroom.example.org";
const JOIN_ADDRESS = `${PUBLIC_ORIGIN}/join`;

let app: AppServer<Awaited<ReturnType<typeof createE2eWorldWithCode>>>;

beforeAll(async () => {
  app = await startAppServer({ env: { APP_URL: PUBLIC_ORIGIN }, fixtures: createE2eWorldWithCode });
});

async function teacherPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.teacher);
  return page;
}

async function classIdByName(page: Page, name: string): Promise<number> {
  const response = await page.context().request.get(`${app.baseURL}/api/classes/my-classes`);
  const { classes } = (await response.json()) as { classes: { id: number; name: string }[] };
  return classes.find((c) => c.name === name)!.id;
}

/** The count on the projector view, as a number. */
async function joinedCount(page: Page): Promise<number> {
  const text = (await page.getByTestId("joined-count").textContent()) ?? "";
  const match = /^(\d+) students? ha(?:s|ve) joined with this code$/.exec(text.trim());
  if (!match) throw new Error(`Unexpected joined count text: ${text}`);
  return Number(match[1]);
}

/** A student joins through the student API, as the student app (or the /join page) does. */
async function joinAsStudent(code: string, firstName: string, lastName: string, status = 200): Promise<void> {
  const response = await fetch(`${app.baseURL}/api/student/v1/join`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, firstName, lastName }),
  });
  expect(response.status, await response.clone().text()).toBe(status);
}

/** Reads the QR code the way a phone would: from the pixels the browser drew. */
async function decodeQrCode(page: Page): Promise<string | null> {
  const png = PNG.sync.read(await page.getByTestId("join-qr-code").screenshot());
  const pixels = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length);
  return jsQR(pixels, png.width, png.height)?.data ?? null;
}

describe.each(jsModes)("$name", ({ name, javaScriptEnabled }) => {
  const className = javaScriptEnabled ? "5A Sunflowers" : "5B Oak Tree";
  const lastName = `Projector${name.replace(/\W/g, "")}`;

  test("without a live code the projector view says so, and its button generates one", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const classId = await classIdByName(page, className);
    // 5A starts with a live code: stop it, as a teacher would on the students screen.
    const stop = await page.context().request.post(`${app.baseURL}/api/classCodes/stop`, {
      data: { classId },
      headers: { Origin: app.baseURL },
    });
    expect(stop.status()).toBe(200);

    await page.goto(`/class/${classId}/projector`);
    await page.getByRole("heading", { level: 1, name: "No live class code" }).waitFor();
    await page.getByText(`Students cannot join ${className} until you generate a class code.`).waitFor();
    expect(await page.getByTestId("join-qr-code").count()).toBe(0);
    expect(await page.getByTestId("joined-count").count()).toBe(0);

    await page.getByRole("button", { name: "Generate a class code" }).click();
    const toast = page.getByText(/^New class code [A-Z]{4}-\d{4}-[A-Z]{4} is live\.$/).first();
    await toast.waitFor();
    const code = /[A-Z]{4}-\d{4}-[A-Z]{4}/.exec((await toast.textContent()) ?? "")?.[0];
    expect(new URL(page.url()).pathname).toBe(`/class/${classId}/projector`);
    expect((await page.getByTestId("projector-code").textContent())?.trim()).toBe(code);
    expect(await joinedCount(page)).toBe(0);
  });

  test("the class home shows where students join, with the code, and leads to the projector view", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const classId = await classIdByName(page, className);
    await page.goto(`/class/${classId}/home`);
    const address = page.getByTestId("join-address");
    expect(await address.textContent()).toBe(JOIN_ADDRESS);
    expect(await address.getAttribute("href")).toBe(JOIN_ADDRESS);
    const code = (await page.getByTestId("class-code").textContent())?.trim();
    expect(code).toMatch(/^[A-Z]{4}-\d{4}-[A-Z]{4}$/);

    await page.getByRole("link", { name: "Show on the projector" }).click();
    await page.getByRole("heading", { level: 1, name: `Join ${className}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/class/${classId}/projector`);
    expect((await page.getByTestId("projector-code").textContent())?.trim()).toBe(code);
    expect(await page.title()).toBe(`Join ${className} · Orliverse Classroom`);

    await page.getByRole("link", { name: `← Back to ${className}` }).click();
    await page.getByRole("heading", { level: 1, name: className, exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/class/${classId}/home`);
  });

  test("the projector view shows the code, the join address and a QR code of the join URL", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const classId = await classIdByName(page, className);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/class/${classId}/projector`);
    const code = (await page.getByTestId("projector-code").textContent())?.trim() ?? "";
    expect(code).toMatch(/^[A-Z]{4}-\d{4}-[A-Z]{4}$/);
    const address = page.getByTestId("join-address");
    expect(await address.textContent()).toBe(JOIN_ADDRESS);
    expect(await address.getAttribute("href")).toBe(JOIN_ADDRESS);

    const joinUrl = `${JOIN_ADDRESS}?code=${code}`;
    expect(await decodeQrCode(page)).toBe(joinUrl);
    const qr = page.getByRole("img", { name: `QR code to join: ${joinUrl}` });
    expect(await qr.evaluate((svg) => svg.tagName.toLowerCase())).toBe("svg");

    // Very large type, readable from the back of a classroom (over 60 pt at 1280 × 720).
    const fontSize = await page
      .getByTestId("projector-code")
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(80);
  });

  test("the joined count rises after a student joins with the code", async () => {
    const page = await teacherPage(javaScriptEnabled);
    const classId = await classIdByName(page, className);
    const opened: string[] = [];
    page.on("request", (request) => opened.push(new URL(request.url()).pathname));
    const dataRequests = () => opened.filter((path) => path === `/class/${classId}/projector.data`);
    await page.goto(`/class/${classId}/projector`);
    const code = (await page.getByTestId("projector-code").textContent())?.trim() ?? "";
    const before = await joinedCount(page);

    await joinAsStudent(code, "Ada", lastName);
    // A reload brings it up to date, with or without JavaScript.
    await page.reload();
    expect(await joinedCount(page)).toBe(before + 1);

    // The same student's name again on another device waits for the teacher (ADR 180), and is still one student.
    await joinAsStudent(code.toLowerCase(), "ada", lastName.toUpperCase(), 202);
    await page.reload();
    expect(await joinedCount(page)).toBe(before + 1);

    if (javaScriptEnabled) {
      // With JavaScript the page follows the class's stream, as the class home does (issue 35): no reload (the
      // marker survives), no asking every few seconds.
      await page.getByText("Updates every few seconds.").waitFor();
      await page.getByTestId("waiting-count").getByText("1 device is waiting for you").waitFor();
      await page.evaluate(() => {
        (window as unknown as { projectorMarker: boolean }).projectorMarker = true;
      });
      await joinAsStudent(code, "Grace", lastName);
      await page
        .getByTestId("joined-count")
        .getByText(String(before + 2), { exact: true })
        .waitFor({ timeout: 20_000 });
      // Grace again on another device waits for the teacher: the count of waiting devices moves by itself too.
      await joinAsStudent(code, "grace", lastName.toUpperCase(), 202);
      await page.getByTestId("waiting-count").getByText("2 devices are waiting for you").waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => (window as unknown as { projectorMarker?: boolean }).projectorMarker)).toBe(
        true,
      );
      // The class's stream told it, and nothing asks while nothing changes (it asked every 5 s before).
      expect(opened).toContain(`/class/${classId}/live`);
      const asked = dataRequests().length;
      await page.waitForTimeout(6_000);
      expect(dataRequests().length).toBe(asked);
    } else {
      await page.getByRole("link", { name: "Refresh now" }).click();
      expect(await joinedCount(page)).toBe(before + 1);
    }
  });
});

test("with JavaScript, a hidden tab asks the server for nothing, and catches up when it is shown again", async () => {
  const page = await teacherPage(true);
  // The page's own clock, moved by the test: three refresh periods pass without waiting for them.
  await page.clock.install();
  // The page's visibility, as the browser would report it for a hidden tab.
  await page.addInitScript(() => {
    const state = { hidden: false };
    (window as unknown as { projectorVisibility: typeof state }).projectorVisibility = state;
    Object.defineProperty(document, "hidden", { configurable: true, get: () => state.hidden });
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (state.hidden ? "hidden" : "visible"),
    });
  });
  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      (window as unknown as { projectorVisibility: { hidden: boolean } }).projectorVisibility.hidden = value;
      document.dispatchEvent(new Event("visibilitychange"));
    }, hidden);

  const classId = await classIdByName(page, "5A Sunflowers");
  await page.goto(`/class/${classId}/projector`);
  await page.getByText("Updates every few seconds.").waitFor();
  const code = (await page.getByTestId("projector-code").textContent())?.trim() ?? "";
  const before = await joinedCount(page);

  await setHidden(true);
  const whileHidden: string[] = [];
  page.on("request", (request) => whileHidden.push(request.url()));
  await joinAsStudent(code, "Hidden", "Tabb");
  // The class's stream says a child joined, and time passes with the tab hidden: no request, the old count stays.
  await page.waitForTimeout(3_000);
  await page.clock.runFor(15_000);
  expect(whileHidden).toEqual([]);
  expect(await joinedCount(page)).toBe(before);

  await setHidden(false);
  await page
    .getByTestId("joined-count")
    .getByText(String(before + 1), { exact: true })
    .waitFor({ timeout: 10_000 });
});
