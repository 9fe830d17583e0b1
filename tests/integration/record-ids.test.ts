/**
 * Odd forms of a record id (`0x1`, `1e0`, `01`, `1.0`, ` 1`) name no record
 * (ADR 198): in a screen's URL, an API route's URL, a query string, a form
 * field and a JSON body they are the unknown id they are, never the record
 * whose id `Number()` would read. Through the whole React Router pipeline
 * in-process (tests/support/app-handler.ts) on the app's demo database.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import * as schema from "~/server/db/schema.server";
import { demoSessionCookie, type InProcessApp, startInProcessApp } from "../support/app-handler";

const ORIGIN = "http://school.test";
/** Each reads as 2 to `Number()`: the teacher's second class (their first is class 1). */
const ODD_TWOS = ["0x2", "2e0", "02", "2.0", "%202", "2%20", "+2"];

let server: InProcessApp;

beforeAll(async () => {
  server = await startInProcessApp();
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

async function send(actor: string, method: string, path: string, body?: string, type?: string): Promise<Response> {
  const headers: Record<string, string> = { Origin: ORIGIN, Cookie: await demoSessionCookie(server, actor) };
  if (type) headers["Content-Type"] = type;
  return server.handle(new Request(`${ORIGIN}${path}`, { method, headers, body }));
}

test("a class screen's odd class id falls back to the first class, as an unknown class does", async () => {
  const plain = await send("teacher", "GET", "/class/2/home");
  expect(plain.status).toBe(200);
  for (const odd of ODD_TWOS) {
    const response = await send("teacher", "GET", `/class/${odd}/home`);
    expect(response.status, odd).toBe(302);
    expect(response.headers.get("location"), odd).toBe("/class/1/home");
  }
});

test("an API route's odd id is a 404", async () => {
  expect((await send("teacher", "GET", "/api/classes/2")).status).toBe(200);
  for (const odd of ODD_TWOS) {
    const response = await send("teacher", "GET", `/api/classes/${odd}`);
    expect(response.status, odd).toBe(404);
    expect(await response.json()).toEqual({ code: "NOT_FOUND", message: "Not Found" });
  }
});

test("a query string's odd id is refused or names nothing", async () => {
  const noClass = await (await send("platformAdmin", "GET", "/admin/settings.data")).text();
  expect(await (await send("platformAdmin", "GET", "/admin/settings.data?classId=2")).text()).not.toBe(noClass);
  for (const odd of ODD_TWOS) {
    expect((await send("platformAdmin", "GET", `/admin/staff?schoolId=${odd}`)).status, odd).toBe(400);
    expect((await send("platformAdmin", "GET", `/admin/audit?actorId=${odd}`)).status, odd).toBe(400);
    expect((await send("platformAdmin", "GET", `/api/surveys/1/responses?classId=${odd}`)).status, odd).toBe(400);
    const edit = await send("platformAdmin", "GET", `/admin/staff?edit=${odd}`);
    expect(edit.status, odd).toBe(200);
    // The settings screen opens no class: its data is that of the screen without one.
    const settings = await send("platformAdmin", "GET", `/admin/settings.data?classId=${odd}`);
    expect(await settings.text(), odd).toBe(noClass);
  }
  expect((await send("platformAdmin", "GET", "/admin/staff?edit=2")).status).toBe(302);
});

test("a JSON body's or a form's odd class id is refused, and no class code is made", async () => {
  const before = await server.app.db.select({ id: schema.classCodes.id }).from(schema.classCodes);
  for (const odd of ["0x2", "2e0", "02", "2.0", " 2"]) {
    const api = await send(
      "teacher",
      "POST",
      "/api/classCodes/generate",
      JSON.stringify({ classId: odd }),
      "application/json",
    );
    expect(api.status, odd).toBe(400);
    const body = (await api.json()) as { code: string; message: string };
    expect(body.code).toBe("VALIDATION");
    expect(body.message).toContain("classId must be a class id");
  }
  expect(await server.app.db.select({ id: schema.classCodes.id }).from(schema.classCodes)).toEqual(before);
});
