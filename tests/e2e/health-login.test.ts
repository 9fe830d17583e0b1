/** The e2e harness's log-in-by-cookie fixture works against the real /login route. */
import { beforeAll, describe, expect, test } from "vitest";
import { jsModes, loginAs, newPage } from "../support/browser";
import { sharedDemoServer } from "../support/server";

let app: { baseURL: string };

beforeAll(() => {
  app = sharedDemoServer();
});

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  test("logging in by cookie as the demo teacher gives the browser a session", async () => {
    const page = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    expect(await page.context().cookies(app.baseURL)).toEqual([]);
    await loginAs(page.context(), app.baseURL, "teacher");
    const cookies = await page.context().cookies(app.baseURL);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe("Lax");
    }
  });
});
