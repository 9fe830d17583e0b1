/**
 * PostgreSQL goes away and comes back (docs/operations.md): /readyz answers
 * 503, pages and the API say clearly that the database is not answering, and
 * the same server process recovers when the database is back.
 *
 * Stops and starts a throwaway cluster of its own (never a shared one);
 * skipped where no PostgreSQL binaries are installed.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "~/server/seed/demo-data.server";
import { type AppServer, freePort, spawnServer } from "../support/app-process";
import { type PostgresCluster, startPostgresCluster } from "../support/postgres-cluster";

const teacher = DEMO_ACCOUNTS.find((account) => account.key === "teacher")!;
const cluster: PostgresCluster | null = await startPostgresCluster();
let app: AppServer;
let cookie = "";

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const readyzStatus = () => fetch(`${app.baseURL}/readyz`).then((response) => response.status);

describe.skipIf(!cluster)("PostgreSQL goes away and comes back", () => {
  beforeAll(async () => {
    app = await spawnServer({
      port: await freePort(),
      env: {
        NODE_ENV: "production",
        DATABASE_URL: cluster!.url,
        DEMO_DATA: "true",
        SESSION_SECRET: randomBytes(32).toString("hex"),
        SECURE_COOKIES: "false",
        LOG_LEVEL: "error",
      },
      readyTimeoutMs: 90_000,
    });
    const signIn = await fetch(`${app.baseURL}/login`, {
      method: "POST",
      headers: { Origin: app.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: teacher.email, password: teacher.password }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(302);
    cookie = signIn.headers.getSetCookie()[0].split(";")[0];
  });

  afterAll(async () => {
    await app?.stop();
    await cluster?.destroy();
  });

  test("while the database is down: /readyz is 503, a page and the API say so; when it is back, the same process serves again", async () => {
    const home = await fetch(`${app.baseURL}/api/users/me/with-school`, { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);

    await cluster!.stop();

    await waitFor("/readyz answers 503", async () => (await readyzStatus()) === 503);
    const readyz = await fetch(`${app.baseURL}/readyz`);
    expect(await readyz.json()).toEqual({ status: "unavailable", database: "postgres" });

    const page = await fetch(`${app.baseURL}/home`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("30");
    const html = await page.text();
    expect(html).toContain("Orliverse Classroom is temporarily unavailable");
    expect(html).toContain("The classroom's database is not answering.");
    // In the reader's language (ADR 227): the browser's, since the account's own choice cannot be read now.
    const german = await fetch(`${app.baseURL}/home`, {
      headers: { Cookie: cookie, "Accept-Language": "de-DE,de;q=0.9" },
      redirect: "manual",
    });
    expect(german.status).toBe(503);
    const germanHtml = await german.text();
    expect(germanHtml).toContain('<html lang="de" dir="ltr">');
    expect(germanHtml).toContain("Orliverse Classroom ist gerade nicht erreichbar");
    expect(germanHtml).toContain("Die Datenbank antwortet gerade nicht.");
    const arabic = await fetch(`${app.baseURL}/home`, {
      headers: { Cookie: cookie, "Accept-Language": "ar" },
      redirect: "manual",
    });
    expect(await arabic.text()).toContain('<html lang="ar" dir="rtl">');

    const api = await fetch(`${app.baseURL}/api/users/me/with-school`, { headers: { Cookie: cookie } });
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });

    await cluster!.start();

    await waitFor("/readyz answers 200 again", async () => (await readyzStatus()) === 200);
    const again = await fetch(`${app.baseURL}/api/users/me/with-school`, { headers: { Cookie: cookie } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ name: teacher.name });
    const pageAgain = await fetch(`${app.baseURL}/home`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(pageAgain.status).toBeLessThan(500);
  });
});
