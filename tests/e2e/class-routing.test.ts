/**
 * Class route loading (docs/product.md#class-route-loading), seen in a browser with JavaScript on and
 * off: -1 and foreign or unknown ids fall back to the first class's home;
 * a user without classes goes to /home?noClasses=true. The school is the
 * file's own (tests/support/e2e-world.ts).
 */
import { beforeAll, describe, expect, test } from "vitest";
import { jsModes, newPage, signIn } from "../support/browser";
import { createE2eWorld, type E2eWorld } from "../support/e2e-world";
import { type AppServer, startAppServer } from "../support/server";

let app: AppServer<E2eWorld>;
let firstClassHome: string;
let colleaguesClassId: number;

beforeAll(async () => {
  app = await startAppServer({ fixtures: createE2eWorld });
  // The teacher's classes, first by name: "5A Sunflowers", then "5B Oak Tree".
  const page = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.teacher);
  const mine = (await (await page.context().request.get(`${app.baseURL}/api/classes/my-classes`)).json()) as {
    classes: { id: number; name: string }[];
  };
  firstClassHome = `/class/${mine.classes[0].id}/home`;
  expect(mine.classes[0].name).toBe("5A Sunflowers");
  const colleague = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  await signIn(colleague.context(), app, app.fixtures.sessions.colleague);
  const theirs = (await (await colleague.context().request.get(`${app.baseURL}/api/classes/my-classes`)).json()) as {
    classes: { id: number }[];
  };
  colleaguesClassId = theirs.classes[0].id;
  expect(colleaguesClassId).not.toBe(mine.classes[0].id);
});

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("class -1 lands on the first class's home", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.teacher);
    await page.goto("/class/-1/home");
    expect(new URL(page.url()).pathname).toBe(firstClassHome);
    await page.getByText("5A Sunflowers").first().waitFor();
  });

  test("another teacher's class redirects to the first of my classes", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.teacher);
    await page.goto(`/class/${colleaguesClassId}/students/manage`);
    expect(new URL(page.url()).pathname).toBe(firstClassHome);
  });

  test("an unknown class id redirects to the first class's home", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.teacher);
    await page.goto("/class/99999/surveys/manage");
    expect(new URL(page.url()).pathname).toBe(firstClassHome);
  });

  test("the admin sidebar's Class link opens the first class in the admin's school", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.sessions.schoolAdmin);
    await page.goto("/admin/staff");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Class", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/class\/\d+\/home$/);
    expect(new URL(page.url()).pathname).not.toBe("/class/-1/home");
  });
});

// The server matches a class path among the class area's routes only (app/http/split-build.server.ts):
// the path in any case, percent-encoded, with a trailing slash, and its single-fetch data all still reach them.
test("a class path reaches its route in any spelling React Router accepts, and its data as well", async () => {
  const page = await newPage({ javaScriptEnabled: false, baseURL: app.baseURL });
  await signIn(page.context(), app, app.fixtures.sessions.teacher);
  const get = (path: string) => page.context().request.get(`${app.baseURL}${path}`, { maxRedirects: 0 });
  for (const path of [firstClassHome.toUpperCase(), firstClassHome.replace("class", "cl%61ss"), `${firstClassHome}/`]) {
    const response = await get(path);
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).toContain("5A Sunflowers");
  }
  const students = await get(firstClassHome.replace(/home$/, "students/manage.data"));
  expect(students.status()).toBe(200);
  expect(await students.text()).toContain("routes/class/students-manage");
  // `/`'s data: the index route's redirect of a signed-in teacher (single fetch answers a redirect with 202).
  const root = await get("/_root.data");
  expect(root.status()).toBe(202);
  expect(await root.text()).toContain("/class/-1/home");
  const unknown = await get(firstClassHome.replace(/home$/, "no-such-page"));
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain("5A Sunflowers");
});
