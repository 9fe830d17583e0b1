/**
 * Password guessing in a real browser, with JavaScript on and off (ADR 195):
 * a stranger's wrong passwords lock the account for strangers only; the
 * owner's browser, which signed in before (device cookie), still signs in
 * with the right password. One address for everyone, as in a school.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { demoAccount, jsModes, newPage, signInThroughForm } from "../support/browser";
import { type AppServer, startAppServer } from "../support/server";

let app: AppServer;

beforeAll(async () => {
  app = await startAppServer();
});

const signIn = signInThroughForm;

/** A stranger's wrong password, posted as a browser without JavaScript would. */
function strangerGuess(email: string) {
  return fetch(`${app.baseURL}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: "Guess-Guess-1" }).toString(),
  });
}

describe.each(jsModes)("$name", ({ javaScriptEnabled }) => {
  // One account per mode: the lock of the first mode lasts 15 minutes.
  const account = demoAccount(javaScriptEnabled ? "teacher" : "teacher2");

  test("10 wrong passwords from a stranger do not stop the right password from the owner's browser", async () => {
    const owner = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(owner, account.email, account.password);
    await expect.poll(() => new URL(owner.url()).pathname, { timeout: 15_000 }).toMatch(/^\/class\/\d+\/home$/);
    // Signed out later (the session ends; the device cookie stays).
    await owner.context().clearCookies({ name: "__session" });

    for (let i = 0; i < 10; i++) expect((await strangerGuess(account.email)).status, `guess ${i + 1}`).toBe(401);

    // A stranger's browser is slowed: even the right password waits.
    const stranger = await newPage({ javaScriptEnabled, baseURL: app.baseURL });
    await signIn(stranger, account.email, account.password);
    await stranger.getByText("Too many sign-in attempts.").first().waitFor();
    expect(new URL(stranger.url()).pathname).toBe("/login");

    // The owner's browser signs in.
    await signIn(owner, account.email, account.password);
    await expect.poll(() => new URL(owner.url()).pathname, { timeout: 15_000 }).toMatch(/^\/class\/\d+\/home$/);
  });
});
