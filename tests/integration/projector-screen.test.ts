/**
 * The projector view's states as the server renders them, through the full
 * React Router pipeline in-process (tests/support/app-handler.ts) on the demo
 * database: an expired code, no code, a new code from the page's own button,
 * and the count's wording. The browser flows are in tests/e2e/projector.test.ts.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createSession } from "~/server/auth/session.server";
import { joinClass } from "~/server/class-codes/join.server";
import * as schema from "~/server/db/schema.server";
import { DEMO_ACCOUNTS } from "~/server/seed/demo-data.server";
import { type InProcessApp, startInProcessApp } from "../support/app-handler";

/** The address the server is reached at here; the public one (APP_URL) is different on purpose. */
const ORIGIN = "http://school.test";
const PUBLIC_ORIGIN = "https://classroom.example.org";

let server: InProcessApp;
let cookie: string;
let classId: number;

beforeAll(async () => {
  server = await startInProcessApp({ env: { APP_URL: PUBLIC_ORIGIN } });
  const teacher = DEMO_ACCOUNTS.find((account) => account.key === "teacher")!;
  const [user] = await server.app.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, teacher.email));
  cookie = (await createSession(server.app, user.id, new Request(`${ORIGIN}/login`), null)).setCookie.split(";")[0];
  const [klass] = await server.app.db
    .select({ id: schema.classes.id })
    .from(schema.classes)
    .where(eq(schema.classes.name, "5A Sunflowers"));
  classId = klass.id;
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

async function projectorHtml(): Promise<string> {
  const response = await server.handle(new Request(`${ORIGIN}/class/${classId}/projector`, { headers: { cookie } }));
  expect(response.status).toBe(200);
  return response.text();
}

/** The page's text, tags dropped and React's text separators removed. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

test("an expired code is named as expired, with no QR code and a button for a new one", async () => {
  await server.app.db
    .update(schema.classCodes)
    .set({ expiresAt: new Date("2026-01-01T09:00:00Z") })
    .where(and(eq(schema.classCodes.classId, classId), isNull(schema.classCodes.stoppedAt)));
  const html = await projectorHtml();
  const text = textOf(html);
  expect(text).toContain("This class code has expired");
  expect(text).toContain("SUNNY-4821 expired 1 Jan 2026, 09:00 UTC. Students cannot join 5A Sunflowers with it.");
  expect(text).toContain("Generate a new code");
  expect(html).not.toContain("join-qr-code");
  expect(html).not.toContain("joined-count");
});

test("the page's button puts a new live code on the projector, with its QR code of the public join address", async () => {
  const response = await server.handle(
    new Request(`${ORIGIN}/class/${classId}/projector`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=generate-code",
    }),
  );
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(`/class/${classId}/projector`);

  const [live] = await server.app.db
    .select({ code: schema.classCodes.code })
    .from(schema.classCodes)
    .where(and(eq(schema.classCodes.classId, classId), isNull(schema.classCodes.stoppedAt)));
  expect(live.code).not.toBe("SUNNY-4821");
  const html = await projectorHtml();
  const text = textOf(html);
  expect(text).toContain(live.code);
  expect(html).toContain(`<title id="`);
  expect(html).toContain(`QR code to join: ${PUBLIC_ORIGIN}/join?code=${live.code}</title>`);
  expect(html).toContain(`href="${PUBLIC_ORIGIN}/join"`);
  expect(html).not.toContain(`${ORIGIN}/join`);
  expect(text).toContain("0 students have joined with this code");

  await joinClass(server.app.db, {
    code: live.code,
    firstName: "Solo",
    lastName: "Joiner",
    ip: "192.0.2.1",
    tokenKind: "app",
  });
  expect(textOf(await projectorHtml())).toContain("1 student has joined with this code");
});

test("an unknown intent changes nothing and says why", async () => {
  const response = await server.handle(
    new Request(`${ORIGIN}/class/${classId}/projector`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=stop-code",
    }),
  );
  // The one answer to an unknown intent on every screen (ADR 224).
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("Unknown action.");
  const live = await server.app.db
    .select({ id: schema.classCodes.id })
    .from(schema.classCodes)
    .where(and(eq(schema.classCodes.classId, classId), isNull(schema.classCodes.stoppedAt)));
  expect(live).toHaveLength(1);
});

test("with no live code, the page says so and offers one", async () => {
  await server.app.db
    .update(schema.classCodes)
    .set({ stoppedAt: new Date() })
    .where(and(eq(schema.classCodes.classId, classId), isNull(schema.classCodes.stoppedAt)));
  const text = textOf(await projectorHtml());
  expect(text).toContain("No live class code");
  expect(text).toContain("Students cannot join 5A Sunflowers until you generate a class code.");
  expect(text).toContain("Generate a class code");
});

/** What the page shows, without the data its scripts carry (the catalogue holds every text). */
function shownPart(html: string): string {
  return html.split("window.__reactRouterContext")[0];
}

test("the class home's advice to generate a code has its own button, a plain form post", async () => {
  // After the test above, the class has no live code.
  // The markup only: the page's data holds the whole catalogue.
  const home = async () =>
    textOf(
      shownPart(
        await (await server.handle(new Request(`${ORIGIN}/class/${classId}/home`, { headers: { cookie } }))).text(),
      ),
    );
  expect(await home()).toContain("No live code. Students cannot join this class until you generate one.");
  expect(await home()).toContain("Generate a class code");
  const response = await server.handle(
    new Request(`${ORIGIN}/class/${classId}/home`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=generate-code",
    }),
  );
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(`/class/${classId}/home`);
  const [live] = await server.app.db
    .select({ code: schema.classCodes.code })
    .from(schema.classCodes)
    .where(and(eq(schema.classCodes.classId, classId), isNull(schema.classCodes.stoppedAt)));
  expect(await home()).toContain(live.code);
  expect(await home()).not.toContain("Generate a class code");
});

test("the projector never names a waiting device: only how many wait", async () => {
  const [live] = await server.app.db
    .select({ code: schema.classCodes.code })
    .from(schema.classCodes)
    .where(and(eq(schema.classCodes.classId, classId), isNull(schema.classCodes.stoppedAt)));
  for (const lastName of ["Waitone", "Waittwo"]) {
    await server.app.db.update(schema.classes).set({ newNames: "hold" }).where(eq(schema.classes.id, classId));
    await joinClass(server.app.db, { code: live.code, firstName: "Zara", lastName, ip: "192.0.2.2", tokenKind: "app" });
  }
  const html = shownPart(await projectorHtml());
  expect(textOf(html)).toContain("2 devices are waiting for you");
  expect(html).not.toContain("Waitone");
  expect(html).not.toContain("Admit");
  await server.app.db.update(schema.classes).set({ newNames: "allow" }).where(eq(schema.classes.id, classId));
});

test("the audit log names who joined in the browser and the device that asked, never 'Deleted user'", async () => {
  const [live] = await server.app.db
    .select({ code: schema.classCodes.code })
    .from(schema.classCodes)
    .where(and(eq(schema.classCodes.classId, classId), isNull(schema.classCodes.stoppedAt)));
  await joinClass(server.app.db, {
    code: live.code,
    firstName: "Bria",
    lastName: "Browser",
    ip: "192.0.2.3",
    tokenKind: "browser",
  });
  const admin = DEMO_ACCOUNTS.find((account) => account.key === "schoolAdmin")!;
  const [user] = await server.app.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, admin.email));
  const adminCookie = (await createSession(server.app, user.id, new Request(`${ORIGIN}/login`), null)).setCookie.split(
    ";",
  )[0];
  const page = await server.handle(new Request(`${ORIGIN}/admin/audit`, { headers: { cookie: adminCookie } }));
  expect(page.status).toBe(200);
  const rows = [...shownPart(await page.text()).matchAll(/<tr[^>]*data-testid="audit-row"[^>]*>(.*?)<\/tr>/gs)].map(
    (match) => textOf(match[1]),
  );
  expect(rows.find((row) => row.includes("student.join_request"))).toContain("A device asking to join");
  expect(rows.find((row) => row.includes("student.join") && !row.includes("join_request"))).toContain(
    "A student (browser)",
  );
  expect(rows.filter((row) => row.includes("Deleted user"))).toEqual([]);
});
