/**
 * What the server entry and the app's configuration promise (ADRs 100–106),
 * over real HTTP against the production build:
 *
 * - links in e-mail are built from the configured origin, never the request's
 *   Host or X-Forwarded-Host; in production no token reaches the log;
 * - the toast cookie is signed with the session secret and is Secure exactly
 *   when the session cookie is; production over https sends HSTS;
 * - signed-in pages and cookie-authenticated JSON are `private, no-store`;
 *   static files carry `nosniff`, and only hashed ones are immutable;
 * - every /api path answers JSON: 404 for an unknown path, 405 with Allow for
 *   a wrong method, 204 with Allow for OPTIONS;
 * - the quick start is a production-mode server with its own defaults, and a
 *   real production start without APP_URL stops with one line naming it.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_ACCOUNTS } from "~/server/seed/demo-data.server";
import { freePort, SERVER_BUILD, spawnServer } from "../support/app-process";
import { rawRequest } from "../support/http";
import { type AppServer, startAppServer } from "../support/server";

const teacher = DEMO_ACCOUNTS.find((account) => account.key === "teacher")!;
/** Changes its password to make a toast, so other tests keep the teacher's. */
const teacher2 = DEMO_ACCOUNTS.find((account) => account.key === "teacher2")!;

async function signIn(
  server: Pick<AppServer, "baseURL">,
  account: { email: string; password: string } = teacher,
): Promise<{ cookie: string; setCookie: string }> {
  const response = await fetch(`${server.baseURL}/login`, {
    method: "POST",
    headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: account.email, password: account.password }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("__session="))!;
  return { cookie: setCookie.split(";")[0], setCookie };
}

/** A toast: "Password changed successfully!" after teacher2 changes their password on the no-JS page. */
async function toastCookie(server: Pick<AppServer, "baseURL">): Promise<string> {
  const { cookie } = await signIn(server, teacher2);
  const response = await fetch(`${server.baseURL}/account/password`, {
    method: "POST",
    headers: { Origin: server.baseURL, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      currentPassword: teacher2.password,
      newPassword: "Brand-New-Pass-7",
      confirmPassword: "Brand-New-Pass-7",
    }),
    redirect: "manual",
  });
  const toast = response.headers.getSetCookie().find((value) => value.startsWith("toast-session="));
  expect(toast, `status ${response.status}`).toBeDefined();
  return toast!;
}

const signedWith = async (setCookie: string, secret: string) =>
  (await createCookie("toast-session", { secrets: [secret] }).parse(setCookie.split(";")[0])) !== null;

describe("links in e-mail", () => {
  let server: AppServer;

  beforeAll(async () => {
    // Development mode writes each message to the log, and APP_URL is unset: the origin is http://localhost:PORT.
    server = await startAppServer({ env: { NODE_ENV: "development", APP_URL: "", LOG_LEVEL: "info" } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  test("a reset asked for with a forged Host and X-Forwarded-Host mails a link on the configured origin", async () => {
    const answer = await rawRequest(`${server.baseURL}/forgot-password`, {
      method: "POST",
      headers: {
        Host: "attacker.example",
        "X-Forwarded-Host": "attacker.example",
        Origin: "http://attacker.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ email: teacher.email }).toString(),
    });
    expect(answer.status).toBe(200);
    const mailLine = () =>
      server
        .output()
        .split("\n")
        .find((line) => line.includes('"event":"mail.outbox"') && line.includes(teacher.email));
    await expect.poll(mailLine).toBeDefined();
    const text = JSON.parse(mailLine()!).text as string;
    const links = text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^http://localhost:${server.port}/reset-password\\?token=`));
    expect(text).not.toContain("attacker.example");
  });
});

const HTTP_SECRET = randomBytes(32).toString("hex");

describe("a production server on http", () => {
  let server: AppServer;

  beforeAll(async () => {
    // APP_URL is http://127.0.0.1:PORT (tests/support/app-process.ts); SECURE_COOKIES left to that origin.
    server = await startAppServer({ env: { LOG_LEVEL: "info", SECURE_COOKIES: "", SESSION_SECRET: HTTP_SECRET } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  test("a reset link's token never reaches the log; the log says a message waits in the outbox", async () => {
    const response = await fetch(`${server.baseURL}/forgot-password`, {
      method: "POST",
      headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: teacher.email }),
    });
    expect(response.status).toBe(200);
    await expect.poll(() => server.output()).toContain('"event":"mail.outbox"');
    expect(server.output()).not.toContain("token=");
    expect(server.output()).not.toContain("reset-password?");
  });

  test("the toast cookie is signed with the session secret, not remix-toast's public default, and not Secure on http", async () => {
    const { setCookie } = await signIn(server);
    expect(setCookie).not.toMatch(/; Secure/i);
    const toast = await toastCookie(server);
    expect(await signedWith(toast, HTTP_SECRET)).toBe(true);
    expect(await signedWith(toast, "s3Cr3t")).toBe(false);
    expect(toast).not.toMatch(/; Secure/i);
  });

  test("signed-in pages and cookie-authenticated JSON are private, no-store; the sign-in answer too", async () => {
    const { cookie } = await signIn(server);
    for (const url of ["/class/-1/home", "/home", "/api/users/me/with-school", "/api/classes/my-classes"]) {
      const response = await fetch(`${server.baseURL}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(response.headers.get("cache-control"), url).toBe("private, no-store");
    }
    const signInAnswer = await fetch(`${server.baseURL}/login`, {
      method: "POST",
      headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: teacher.email, password: teacher.password }),
      redirect: "manual",
    });
    expect(signInAnswer.headers.get("cache-control")).toBe("private, no-store");
  });

  test("static files carry nosniff; hashed assets are immutable for a year, others cached for an hour", async () => {
    const hashed = readdirSync(path.resolve("build/client/assets")).find((name) => /^r-[\w-]{8}\.js$/.test(name));
    const asset = await fetch(`${server.baseURL}/assets/${hashed}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const url of ["/favicon.svg", "/assets/runtimes/orliverse_rive.riv"]) {
      const file = await fetch(`${server.baseURL}${url}`);
      expect(file.status, url).toBe(200);
      expect(file.headers.get("x-content-type-options"), url).toBe("nosniff");
      expect(file.headers.get("cache-control"), url).toBe("public, max-age=3600");
    }
    expect(asset.headers.get("strict-transport-security")).toBeNull();
  });

  test("every /api path answers JSON: 404 unknown, 405 with Allow, OPTIONS 204 with Allow and no CORS grant", async () => {
    const unknown = await fetch(`${server.baseURL}/api/no/such/endpoint`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: "NOT_FOUND", message: "There is no API endpoint at this path." });

    const wrong = await fetch(`${server.baseURL}/api/surveys`, { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await wrong.json()).toEqual({
      code: "METHOD_NOT_ALLOWED",
      message: "DELETE is not allowed here. This endpoint answers GET, HEAD, OPTIONS.",
    });

    const postOnly = await fetch(`${server.baseURL}/api/student/v1/join`);
    expect(postOnly.status).toBe(405);
    expect(postOnly.headers.get("allow")).toBe("POST, OPTIONS");

    const options = await fetch(`${server.baseURL}/api/classes/1`, {
      method: "OPTIONS",
      headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "PUT" },
    });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, PUT, OPTIONS");
    expect(options.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("a production server whose public origin is https", () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer({ env: { APP_URL: "https://classroom.example.org", SECURE_COOKIES: "" } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  test("sends Strict-Transport-Security on pages, API answers and static files", async () => {
    for (const url of ["/login", "/healthz", "/api/no/such/endpoint", "/favicon.svg"]) {
      const response = await fetch(`${server.baseURL}${url}`);
      expect(response.headers.get("strict-transport-security"), url).toBe("max-age=15552000");
    }
  });

  test("the session cookie and the toast cookie are both Secure", async () => {
    const { setCookie } = await signIn(server);
    expect(setCookie).toMatch(/; Secure/i);
    expect(await toastCookie(server)).toMatch(/; Secure/i);
  });
});

describe("the quick start (npm start)", () => {
  let server: Awaited<ReturnType<typeof spawnServer>>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "orliverse-quick-start-"));
    const port = await freePort();
    // What `npm start` sets, and nothing else: no secret, no APP_URL, an empty data folder.
    server = await spawnServer({
      port,
      env: { NODE_ENV: "production", QUICK_START: "true", DATA_DIR: dataDir, APP_URL: "", SESSION_SECRET: "" },
      readyTimeoutMs: 120_000,
    });
  });

  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test("runs in production mode on http://localhost:PORT with the demo data and a kept secret", async () => {
    expect(server.output()).toContain('"mode":"quick start"');
    expect(server.output()).toContain(`"url":"http://localhost:${server.port}"`);
    expect(readdirSync(dataDir)).toContain("session-secret");
    const { setCookie } = await signIn(server);
    expect(setCookie).not.toMatch(/; Secure/i);
  });

  test("error answers carry no stack trace and no server file path", async () => {
    const { cookie } = await signIn(server);
    const answers = await Promise.all([
      fetch(`${server.baseURL}/api/classes/abc`, { headers: { Cookie: cookie } }),
      fetch(`${server.baseURL}/api/surveys`, { method: "POST", headers: { Origin: server.baseURL, Cookie: cookie } }),
      fetch(`${server.baseURL}/survey/content/999999`, { headers: { Cookie: cookie } }),
      fetch(`${server.baseURL}/no/such/page`, { headers: { Cookie: cookie } }),
    ]);
    for (const answer of answers) {
      const body = await answer.text();
      expect(answer.status, answer.url).toBeGreaterThanOrEqual(400);
      expect(body).not.toMatch(/\n\s+at /);
      expect(body).not.toContain(process.cwd());
      expect(body).not.toContain("node_modules");
    }
  });
});

test("a real production start without APP_URL stops at once with one line naming APP_URL", async () => {
  const child = spawn(process.execPath, [SERVER_BUILD], {
    env: {
      ...process.env,
      VITEST: undefined,
      NODE_ENV: "production",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      APP_URL: "",
      PORT: String(await freePort()),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  const lines = stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Configuration error: APP_URL is required in production/);
});
