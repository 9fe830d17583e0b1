/**
 * Student identity, the teacher's side (docs/product.md#student-identity), in
 * Chromium against the built app, each actor in their own browser context:
 *
 * - devices waiting to join (made by the fixture as the student side's join
 *   flow leaves them: a join_requests row with a hashed secret, or by a
 *   child's own browser) show on the class home (by themselves, with JS) and
 *   the Students page; the projector shows only how many; the teacher admits
 *   or refuses them, with JavaScript off and on, and the child goes on by
 *   itself;
 * - "Make codes" and "New code" on the students screen, and the join rules;
 * - the printed sign-in cards: each QR code, read from the pixels the browser
 *   drew, holds the join address with the class code and the child's
 *   personal code, and a child's browser that opens it joins the class;
 * - Admit's toast shows though the class's stream reports the admission while
 *   the page loads its data after the redirect.
 *
 * The server's public address (APP_URL) is not the address the browser uses:
 * every address on the cards must come from the configuration.
 */
import { mkdir } from "node:fs/promises";
import jsQR from "jsqr";
import type { Locator, Page } from "playwright-core";
import { PNG } from "pngjs";
import { beforeAll, expect, test } from "vitest";
import type { FixtureKit } from "../support/app-fixtures";
import { newContext, newPage, signIn } from "../support/browser";
import { CLASS_CODE, createE2eWorldWithCode } from "../support/e2e-world";
import { createClass, createJoinRequest } from "../support/fixtures";
import { screensDir } from "../support/screens-dir";
import { type AppServer, startAppServer } from "../support/server";

const PUBLIC_ORIGIN = "https://classroom.example.org";
/** Screenshots for the lead (not asserted). */
const SCREENS = screensDir("identity-teacher");

async function createWorld(kit: FixtureKit) {
  const world = await createE2eWorldWithCode(kit);
  const studentOf = (className: string, firstName: string) =>
    world.students[className].find((student) => student.firstName === firstName)!;
  const oak = world.class5B.id;
  const sunflowers = world.class5A.id;
  const requests = {
    // 5B Oak Tree, JS off: a rostered child on a second device, a new name held, and one to refuse.
    finn: await createJoinRequest(kit.db, {
      classId: oak,
      studentId: studentOf("5B Oak Tree", "Finn").id,
      firstName: "finn",
      lastName: "fischer",
    }),
    mia: await createJoinRequest(kit.db, { classId: oak, firstName: "Mia", lastName: "Neu" }),
    imposter: await createJoinRequest(kit.db, { classId: oak, firstName: "Imposter", lastName: "Person" }),
    // 5A Sunflowers, JS on, on the projector view.
    chloe: await createJoinRequest(kit.db, {
      classId: sunflowers,
      studentId: studentOf("5A Sunflowers", "Chloe").id,
      firstName: "Chloe",
      lastName: "Costa",
      classCodeId: world.classCode.id,
    }),
    // Expired an hour ago: never shown.
    expired: await createJoinRequest(kit.db, {
      classId: oak,
      firstName: "Late",
      lastName: "Comer",
      expiresAt: new Date(Date.now() - 3_600_000),
    }),
  };
  // A class of its own, with a new name waiting, admitted while the class's stream reports it in the middle of
  // the page's loading.
  const toastClass = await createClass(kit.db, {
    schoolId: world.riverside.id,
    name: "5C Toast",
    teacherIds: [world.users.teacher.id],
  });
  await createJoinRequest(kit.db, { classId: toastClass.id, firstName: "Toby", lastName: "Toast" });
  return { ...world, requests, toastClass };
}

let app: AppServer<Awaited<ReturnType<typeof createWorld>>>;

beforeAll(async () => {
  app = await startAppServer({ env: { APP_URL: PUBLIC_ORIGIN }, fixtures: createWorld });
  await mkdir(SCREENS, { recursive: true }).catch(() => {});
});

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true }).catch(() => {});
}

async function teacherPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.teacher);
  return page;
}

const classIdOf = (name: "5A Sunflowers" | "5B Oak Tree") =>
  name === "5A Sunflowers" ? app.fixtures.class5A.id : app.fixtures.class5B.id;

function waiting(page: Page, text: string): Locator {
  return page.getByTestId("waiting-request").filter({ hasText: text });
}

/** Reads a QR code the way a phone would: from the pixels the browser drew. */
async function decodeQrCode(qr: Locator): Promise<string | null> {
  const png = PNG.sync.read(await qr.screenshot());
  const pixels = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length);
  return jsQR(pixels, png.width, png.height)?.data ?? null;
}

test("JS off: the class home shows who waits; Admit lets a child's second device in and puts a new name on the list", async () => {
  const page = await teacherPage(false);
  const classId = classIdOf("5B Oak Tree");
  await page.goto(`/class/${classId}/home`);
  await page.getByRole("heading", { name: "Waiting to join" }).waitFor();
  // The roster's spelling of a rostered child; the name as typed for a new one; never an expired request.
  await waiting(page, "Finn Fischer wants to join on another device").waitFor();
  await waiting(page, "Mia Neu wants to join the class").waitFor();
  expect(await page.getByText("Late Comer").count()).toBe(0);
  await screenshot(page, "class-home-waiting");

  await waiting(page, "Finn Fischer").getByRole("button", { name: "Admit Finn Fischer" }).click();
  await page.getByText("Finn Fischer can come in now.").first().waitFor();
  expect(new URL(page.url()).pathname).toBe(`/class/${classId}/home`);
  expect(await waiting(page, "Finn Fischer").count()).toBe(0);

  await waiting(page, "Mia Neu").getByRole("button", { name: "Admit Mia Neu" }).click();
  await page.getByText("Mia Neu is now on the class list and can come in.").first().waitFor();
  expect(await waiting(page, "Mia Neu").count()).toBe(0);

  // What the database holds, as the teacher's own API shows it: Mia Neu is on the class list.
  const roster = (await (
    await page.context().request.get(`${app.baseURL}/api/classes/${classId}/students-with-contacts`)
  ).json()) as { students: { firstName: string; lastName: string }[] };
  expect(roster.students.map((s) => `${s.firstName} ${s.lastName}`)).toContain("Mia Neu");

  // Admitting again (a second tab, a double click) says so and changes nothing.
  const again = await page.context().request.post(`${app.baseURL}/class/${classId}/home`, {
    form: { intent: "admit-request", requestId: String(app.fixtures.requests.finn.id) },
    headers: { Origin: app.baseURL },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  await page.goto(`/class/${classId}/home`);
  await page.getByText("Finn Fischer was already let in.").first().waitFor();
});

test("JS off: the projector shows only how many wait; Refuse on the Students page keeps the device out", async () => {
  const page = await teacherPage(false);
  const classId = classIdOf("5B Oak Tree");
  await page.goto(`/class/${classId}/projector`);
  // After the class home's test: Imposter Person is the one left waiting. A count, never a name or a button.
  await page.getByTestId("waiting-count").getByText("1 device is waiting for you").waitFor();
  expect(await page.getByText("Imposter").count()).toBe(0);
  expect(await page.getByRole("button", { name: /Admit|Refuse/ }).count()).toBe(0);

  await page.goto(`/class/${classId}/students/manage`);
  await waiting(page, "Imposter Person wants to join the class").waitFor();
  await page.getByRole("button", { name: "Refuse Imposter Person" }).click();
  await page.getByText("Imposter Person was not let in.").first().waitFor();
  expect(new URL(page.url()).pathname).toBe(`/class/${classId}/students/manage`);
  expect(await waiting(page, "Imposter Person").count()).toBe(0);
  // Nobody was added: after the toast, the list has no Imposter Person.
  await page.goto(`/class/${classId}/students/manage`);
  await page.getByRole("heading", { name: "Students" }).first().waitFor();
  expect(await page.getByText("Imposter Person").count()).toBe(0);
});

/** A child's own device asks to join 5A as a child who has answered already, so it waits for the teacher. */
async function childWaits(javaScriptEnabled: boolean, firstName: string, lastName: string): Promise<Page> {
  const child = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
  await child.goto(`/join?code=${CLASS_CODE.toLowerCase().replace("-", " ")}`);
  await child.getByRole("textbox", { name: "First name" }).fill(firstName);
  await child.getByRole("textbox", { name: "Last name" }).fill(lastName);
  await child.getByRole("button", { name: "Join", exact: true }).click();
  await child.getByRole("heading", { name: "Wait for your teacher" }).waitFor();
  return child;
}

test("JS on: a device asking shows on the open class home by itself (browser, system, when); the projector shows a count at 1280x720; Admit sends the child on by itself", async () => {
  const page = await teacherPage(true);
  const classId = classIdOf("5A Sunflowers");
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(`/class/${classId}/home`);
  await waiting(page, "Chloe Costa wants to join on another device").waitFor();
  expect(await waiting(page, "Ben Brennan").count()).toBe(0);
  // The Students page, open in another tab, shows waiting devices too and stays live the same way.
  const students = await newPage({ javaScriptEnabled: true, baseURL: app.baseURL });
  await signIn(students.context(), app, app.fixtures.sessions.teacher);
  await students.goto(`/class/${classId}/students/manage`);
  await waiting(students, "Chloe Costa wants to join on another device").waitFor();
  // Both listen to the class's live stream (issue 36) rather than asking every few seconds.
  await expect.poll(() => asked.includes(`/class/${classId}/live`)).toBe(true);

  const child = await childWaits(true, "Ben", "Brennan");
  // No reload: the class's stream says a device asked, and the class home reloads its data.
  const ben = waiting(page, "Ben Brennan wants to join on another device");
  await ben.waitFor({ timeout: 30_000 });
  await waiting(students, "Ben Brennan wants to join on another device").waitFor({ timeout: 30_000 });
  await students.close();
  expect(await ben.getByTestId("waiting-request-device").textContent()).toMatch(/^Chrome on Linux · asked just now$/);
  // Newest first.
  expect(await page.getByTestId("waiting-request").first().textContent()).toContain("Ben Brennan");
  await screenshot(page, "class-home-waiting-live");

  const projector = await newPage({
    javaScriptEnabled: true,
    baseURL: app.baseURL,
    viewport: { width: 1280, height: 720 },
  });
  await signIn(projector.context(), app, app.fixtures.sessions.teacher);
  await projector.goto(`/class/${classId}/projector`);
  await projector.getByTestId("waiting-count").getByText("2 devices are waiting for you").waitFor();
  expect(await projector.getByText(/Ben|Chloe/).count()).toBe(0);
  for (const testId of ["projector-code", "joined-count"]) {
    const box = await projector.getByTestId(testId).boundingBox();
    expect(box && box.y + box.height <= 720, `${testId} on screen`).toBe(true);
  }
  await screenshot(projector, "projector-waiting-count");

  await ben.getByRole("button", { name: "Admit Ben Brennan" }).click();
  await page.getByText("Ben Brennan can come in now.").first().waitFor();
  // The child's page goes on by itself, no tap on "Start".
  await child.waitForURL((url) => url.pathname === "/student", { timeout: 30_000 });
});

test("JS off: the waiting child goes on by itself once admitted (the page reloads itself), and a child who typed the wrong name can go back", async () => {
  const wrong = await childWaits(false, "Aisha", "Adeyemi");
  await wrong.getByRole("button", { name: "This is not me: join again" }).click();
  await wrong.getByRole("heading", { name: "Join your class" }).waitFor();
  expect(await wrong.getByRole("textbox", { name: "Class code" }).inputValue()).toBe(CLASS_CODE);

  const child = await childWaits(false, "Aisha", "Adeyemi");
  const page = await teacherPage(false);
  const classId = classIdOf("5A Sunflowers");
  await page.goto(`/class/${classId}/home`);
  // One request: the one the child took back is gone.
  expect(await waiting(page, "Aisha Adeyemi").count()).toBe(1);
  await waiting(page, "Aisha Adeyemi").getByRole("button", { name: "Admit Aisha Adeyemi" }).click();
  await page.getByText("Aisha Adeyemi can come in now.").first().waitFor();
  await child.waitForURL((url) => url.pathname === "/student", { timeout: 30_000 });
});

test("JS off: Make codes gives every child a personal code, New code replaces one, and the cards scan to a working join", async () => {
  const page = await teacherPage(false);
  const classId = classIdOf("5A Sunflowers");
  await page.goto(`/class/${classId}/students/manage`);
  await page.getByText("4 students without a personal code.").waitFor();
  await page.getByRole("button", { name: "Make codes" }).click();
  await page.getByText("4 students got a personal code.").first().waitFor();
  await page.getByText("Every student has a personal code.").waitFor();
  const codes = await page.getByTestId("personal-code").allTextContents();
  expect(codes).toHaveLength(4);
  for (const code of codes) expect(code).toMatch(/^[A-Z]{3}-\d{3}$/);

  // New code for the first child on the list (Aisha Adeyemi, by last name).
  const aisha = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Aisha Adeyemi" }) });
  const before = await aisha.getByTestId("personal-code").textContent();
  await aisha.getByRole("button", { name: "New code for Aisha Adeyemi" }).click();
  const toast = page.getByText(
    /^Aisha Adeyemi has a new personal code: [A-Z]{3}-\d{3}\. The old one no longer works\.$/,
  );
  await toast.first().waitFor();
  const after = (await aisha.getByTestId("personal-code").textContent()) ?? "";
  expect(after).not.toBe(before);
  expect(await toast.first().textContent()).toContain(after);

  await screenshot(page, "students-screen");
  await page.getByRole("link", { name: "Print sign-in cards" }).click();
  await page.getByRole("heading", { level: 1, name: "Sign-in cards for 5A Sunflowers" }).waitFor();
  expect(await page.getByText("To print, use your browser's Print command").count()).toBe(1);
  // The cards are made by a post and shown once (their QR tokens are stored hashed).
  expect(await page.getByTestId("sign-in-card").count()).toBe(0);
  await page.getByRole("button", { name: "Make the cards" }).click();
  const cards = page.getByTestId("sign-in-card");
  await cards.first().waitFor();
  expect(await cards.count()).toBe(4);
  await screenshot(page, "sign-in-cards");
  await page.emulateMedia({ media: "print" });
  await screenshot(page, "sign-in-cards-print");
  await page.emulateMedia({ media: "screen" });
  const first = cards.first();
  expect(await first.textContent()).toContain("Aisha Adeyemi");
  expect(await first.textContent()).toContain(CLASS_CODE);
  expect(await first.getByTestId("card-personal-code").textContent()).toBe(after);

  const scanned = await decodeQrCode(first.getByTestId("join-qr-code"));
  // The QR code holds the card's own token, not the codes (issue 36).
  expect(scanned).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/join\\?card=ocd_[A-Za-z0-9_-]{32}$`));

  // A child's own browser opens the scanned address (on this server) and joins as the card's child.
  const child = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
  const childPage = await child.newPage();
  const url = new URL(scanned!);
  await childPage.goto(`${url.pathname}${url.search}`);
  await childPage.getByRole("heading", { name: "Join 5A Sunflowers" }).waitFor();
  await childPage.getByRole("button", { name: "Join" }).click();
  await childPage.getByRole("heading", { name: "Hello, Aisha!" }).waitFor();
  await child.close();
});

test("JS on: the print button prints; a class with no live class code says so instead of cards", async () => {
  const page = await teacherPage(true);
  const classId = classIdOf("5A Sunflowers");
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await page.goto(`/class/${classId}/students/cards`);
  await page.getByRole("button", { name: "Make the cards" }).click();
  await page.getByRole("button", { name: "Print the cards" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // 5B Oak Tree has no class code.
  await page.goto(`/class/${classIdOf("5B Oak Tree")}/students/cards`);
  await page.getByText("This class has no live class code, so the cards would not work.").waitFor();
  expect(await page.getByTestId("sign-in-card").count()).toBe(0);
  await page.getByRole("link", { name: "students screen" }).click();
  await page.getByRole("heading", { name: "Students" }).first().waitFor();
});

test("JS off: the join rules are saved, and switching to personal codes gives every child on the list a code", async () => {
  const page = await teacherPage(false);
  const classId = classIdOf("5B Oak Tree");
  await page.goto(`/class/${classId}/students/manage`);
  const form = page.getByRole("form", { name: "How children join" });
  expect(await form.getByRole("radio", { name: /^Class code and name/ }).isChecked()).toBe(true);
  expect(await form.getByRole("radio", { name: "Join at once" }).isChecked()).toBe(true);

  await form.getByRole("radio", { name: /^Class code and personal code/ }).check();
  await form.getByRole("radio", { name: "Wait for me to let them in" }).check();
  await form.getByRole("button", { name: "Save how children join" }).click();
  // Finn, Ella, Grace, Hamza and Mia Neu (admitted above) had no code yet.
  await page
    .getByText(/^How children join is saved\. \d+ students got a personal code\.$/)
    .first()
    .waitFor();
  await page.getByText("Every student has a personal code.").waitFor();
  const saved = page.getByRole("form", { name: "How children join" });
  expect(await saved.getByRole("radio", { name: /^Class code and personal code/ }).isChecked()).toBe(true);
  expect(await saved.getByRole("radio", { name: "Wait for me to let them in" }).isChecked()).toBe(true);
});

test("the students screen and the cards fit a 375 px phone", async () => {
  const page = await teacherPage(false);
  await page.setViewportSize({ width: 375, height: 800 });
  const classId = classIdOf("5A Sunflowers");
  for (const path of [`/class/${classId}/students/manage`, `/class/${classId}/students/cards`]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    await screenshot(page, `phone-${path.split("/").pop()}`);
  }
});

/**
 * Holds the `snapshot` events of the page's EventSource (the browser's, wrapped before the app's scripts run)
 * while `liveGate.held` is set, and counts them; `liveGate.release()` delivers the held ones in order.
 */
function gateLiveSnapshots(page: Page) {
  return page.addInitScript(() => {
    const gate = { held: false, arrived: 0, queue: [] as Array<() => void>, release() {} };
    gate.release = () => {
      gate.held = false;
      for (const deliver of gate.queue.splice(0)) deliver();
    };
    (window as unknown as { liveGate: typeof gate }).liveGate = gate;
    type Listener = (this: EventSource, event: Event) => void;
    const add = EventSource.prototype.addEventListener as (type: string, listener: Listener, options?: unknown) => void;
    EventSource.prototype.addEventListener = function (this: EventSource, type: string, listener: Listener) {
      if (type !== "snapshot") return add.call(this, type, listener);
      add.call(this, type, (event: Event) => {
        gate.arrived++;
        const deliver = () => listener.call(this, event);
        if (gate.held) gate.queue.push(deliver);
        else deliver();
      });
    } as typeof EventSource.prototype.addEventListener;
  });
}

test("JS on: Admit's toast shows though the class's stream reports the admission while the page loads its data after the redirect", async () => {
  const classId = app.fixtures.toastClass.id;
  const page = await teacherPage(true);
  await gateLiveSnapshots(page);
  const gate = {
    arrived: () => page.evaluate(() => (window as unknown as { liveGate: { arrived: number } }).liveGate.arrived),
    hold: () =>
      page.evaluate(() => {
        (window as unknown as { liveGate: { held: boolean } }).liveGate.held = true;
      }),
    release: () => page.evaluate(() => (window as unknown as { liveGate: { release(): void } }).liveGate.release()),
  };
  await page.goto(`/class/${classId}/home`);
  const toby = waiting(page, "Toby Toast");
  await toby.waitFor();
  const listed = Number(await page.getByTestId("student-count").textContent());
  // The stream's first snapshot has been handled; the next ones wait at the gate.
  await expect.poll(gate.arrived, { timeout: 30_000 }).toBe(1);
  await gate.hold();
  // The page's data after Admit's redirect (its answer carries the toast, read once from the flash cookie) is
  // held until the stream's snapshot of the admission has reached the page.
  let releaseData = () => {};
  const dataReleased = new Promise<void>((resolve) => {
    releaseData = resolve;
  });
  let dataFetched = () => {};
  const fetched = new Promise<void>((resolve) => {
    dataFetched = resolve;
  });
  let gets = 0;
  await page.route(`**/class/${classId}/home.data*`, async (route) => {
    if (route.request().method() !== "GET" || gets++ > 0) return route.continue();
    const response = await route.fetch();
    dataFetched();
    await dataReleased;
    // Given up by the page (a revalidation interrupted it): nothing to answer.
    await route.fulfill({ response }).catch(() => {});
  });
  // sonner, loaded with the page's first message, comes only after the page's reload has taken that message away.
  let releaseToaster = () => {};
  const toasterReleased = new Promise<void>((resolve) => {
    releaseToaster = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
    async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes("data-sonner-toast")) await toasterReleased;
      await route.fulfill({ response, body });
    },
  );
  await toby.getByRole("button", { name: "Admit Toby Toast" }).click();
  await fetched;
  await expect.poll(gate.arrived, { timeout: 30_000 }).toBe(2);
  // The admission's snapshot is handled while the page's data is on its way: it must not interrupt it.
  await gate.release();
  releaseData();
  // The page reloads its data once that is done (the stream said so): the message is no longer in it.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          type Router = {
            state: {
              navigation: { state: string };
              revalidation: string;
              loaderData: Record<string, { toast?: unknown }>;
            };
          };
          const { state } = (window as unknown as { __reactRouterDataRouter: Router }).__reactRouterDataRouter;
          return state.navigation.state === "idle" && state.revalidation === "idle" && !state.loaderData.root?.toast;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(gets).toBe(2);
  releaseToaster();
  await page
    .locator("[data-sonner-toast]", { hasText: "Toby Toast is now on the class list and can come in." })
    .waitFor({ timeout: 30_000 });
  await expect.poll(() => toby.count(), { timeout: 30_000 }).toBe(0);
  expect(await page.getByTestId("student-count").textContent()).toBe(String(listed + 1));
  await page.close();
});
