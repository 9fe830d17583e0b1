/**
 * The e2e fixture layer itself (tests/support/app-fixtures.ts): a server
 * started on data its test made, and sign-in by a session the fixture made,
 * with JavaScript on and off. A session cookie the server does not know,
 * one that has expired, or one signed with another secret signs nobody in.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { sessions } from "~/server/db/schema.server";
import { jsModes, newPage, signIn } from "../support/browser";
import { createClassWorld } from "../support/fixtures";
import { type AppServer, startAppServer } from "../support/server";

async function makeFixtures({ db, sessionFor }: import("../support/app-fixtures").FixtureKit) {
  const world = await createClassWorld(db);
  const teacher = await sessionFor(world.users.teacher);
  const expired = await sessionFor(world.users.colleague);
  // Made last: every new session sweeps the expired ones.
  await db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(sessions.userId, world.users.colleague.id));
  return { world, teacher, expired };
}

let app: AppServer<Awaited<ReturnType<typeof makeFixtures>>>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: makeFixtures });
});

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("a teacher made by the fixture opens /home signed in and sees their own class", async () => {
    const { world, teacher } = app.fixtures;
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, teacher);
    await page.goto("/home");
    expect(new URL(page.url()).pathname).toBe("/home");
    await page.getByRole("heading", { name: "Welcome back, Amara", level: 1 }).waitFor();
    await page.locator("header").getByText(world.users.teacher.email).waitFor();
    await page.goto(`/class/${world.class5A.id}/home`);
    await page.getByRole("heading", { name: "5A Sunflowers", level: 1 }).waitFor();
    // Another teacher's class is not theirs: they are sent back to their own.
    await page.goto(`/class/${world.class6.id}/home`);
    expect(new URL(page.url()).pathname).toBe(`/class/${world.class5A.id}/home`);
  });

  test("a session cookie the server does not know signs nobody in", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, { token: "an-unknown-token-of-forty-three-characters-" });
    await page.goto("/home");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  test("an expired session signs nobody in", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(page.context(), app, app.fixtures.expired);
    await page.goto("/home");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  test("a real session signed with another secret signs nobody in", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    const otherServer = { baseURL: app.baseURL, sessionSecret: "a-different-secret-of-more-than-32-characters" };
    await signIn(page.context(), otherServer, app.fixtures.teacher);
    await page.goto("/home");
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
