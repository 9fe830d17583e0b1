/**
 * The plain pages the server entry answers itself, before React Router (ADR
 * 228), are in the reader's language, with `<html lang dir>`: the 405 for a
 * method no screen takes, the 413 for a form body over its cap, and the
 * last-resort 500. The language comes from the app's detector: `?lng=`, the
 * `lng` cookie, Accept-Language, English. The English pages stay word for word.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createExpressApp } from "~/http/express-app.server";
import type { App } from "~/server/app.server";
import { languageCookie } from "~/server/i18n/i18n.server";
import { createTestDatabase } from "../support/database";
import { createTestApp } from "../support/test-app";

let app: App;
let working: Server;
let broken: Server;

/** A build with no routes: the entry's own answers (405, 413) come before React Router would run. */
const emptyBuild = { routes: {} } as unknown as ServerBuild;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}
let workingPort: number;
let brokenPort: number;

beforeAll(async () => {
  app = await createTestApp(await createTestDatabase());
  working = createServer(createExpressApp({ app, build: () => Promise.resolve(emptyBuild) }));
  // A build that cannot be loaded: every request ends in the last resort.
  broken = createServer(createExpressApp({ app, build: () => Promise.reject(new Error("no build")) }));
  workingPort = await listen(working);
  brokenPort = await listen(broken);
});

afterAll(async () => {
  await new Promise((resolve) => working?.close(resolve));
  await new Promise((resolve) => broken?.close(resolve));
});

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; html: string; htmlTag: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, method, path, headers: { Host: "school.test", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const html = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, html, htmlTag: html.match(/<html[^>]*>/)?.[0] ?? "" });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("the 405 page is in the reader's language; English word for word", async () => {
  const english = await send(workingPort, "PROPFIND", "/login");
  expect(english.status).toBe(405);
  expect(english.htmlTag).toBe('<html lang="en" dir="ltr">');
  expect(english.html).toContain("<h1>Method not allowed</h1>");
  expect(english.html).toContain("<p>PROPFIND is not allowed here. This address answers GET, HEAD, POST, OPTIONS.</p>");

  const german = await send(workingPort, "PROPFIND", "/login", { "Accept-Language": "de-AT,de;q=0.9" });
  expect(german.htmlTag).toBe('<html lang="de" dir="ltr">');
  expect(german.html).toContain("<h1>Methode nicht erlaubt</h1>");
  expect(german.html).toContain("PROPFIND ist hier nicht erlaubt. Diese Adresse beantwortet GET, HEAD, POST, OPTIONS.");
  expect(german.html).not.toMatch(/not allowed|start page/);

  const cookie = (await languageCookie.serialize("ar")).split(";")[0];
  const arabic = await send(workingPort, "DELETE", "/student", { Cookie: cookie, "Accept-Language": "de" });
  expect(arabic.htmlTag).toBe('<html lang="ar" dir="rtl">');
  expect(arabic.html).toContain("الطريقة غير مسموح بها");

  const chosen = await send(workingPort, "PUT", "/join?lng=pl", { Cookie: cookie });
  expect(chosen.htmlTag).toBe('<html lang="pl" dir="ltr">');
  expect(chosen.html).toContain("Metoda niedozwolona");
});

test("the 413 page for a form body over its cap is in the reader's language, its size formatted for it", async () => {
  const big = "x".repeat(1024 * 1024 + 1);
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const english = await send(workingPort, "POST", "/login", form, big);
  expect(english.status).toBe(413);
  expect(english.htmlTag).toBe('<html lang="en" dir="ltr">');
  expect(english.html).toContain("<h1>What you sent is too large</h1>");
  expect(english.html).toContain(
    "<p>This page accepts at most 1 MB. Nothing was saved. Go back and send the form with less in it.</p>",
  );
  expect(english.html).toContain(">Back to the page</a>");

  const french = await send(workingPort, "POST", "/login", { ...form, "Accept-Language": "fr" }, big);
  expect(french.status).toBe(413);
  expect(french.htmlTag).toBe('<html lang="fr" dir="ltr">');
  expect(french.html).toContain("<h1>Ce que tu as envoyé est trop gros</h1>");
  expect(french.html).toContain("Cette page accepte au plus 1 Mo.");
  expect(french.html).toContain(">Retour à la page</a>");

  const arabic = await send(workingPort, "POST", "/join?lng=ar", form, big);
  expect(arabic.status).toBe(413);
  expect(arabic.htmlTag).toBe('<html lang="ar" dir="rtl">');
  expect(arabic.html).toContain("ما أرسلته كبير جدًا");
});

test("the last-resort 500 page is in the reader's language", async () => {
  const english = await send(brokenPort, "GET", "/login");
  expect(english.status).toBe(500);
  expect(english.htmlTag).toBe('<html lang="en" dir="ltr">');
  expect(english.html).toContain("<h1>Something went wrong!</h1>");
  expect(english.html).toContain("<p>Something went wrong on our side. Please try again.</p>");

  const spanish = await send(brokenPort, "GET", "/login", { "Accept-Language": "es-MX,es;q=0.9" });
  expect(spanish.status).toBe(500);
  expect(spanish.htmlTag).toBe('<html lang="es" dir="ltr">');
  expect(spanish.html).toContain("Algo ha fallado por nuestra parte. Vuelve a intentarlo, por favor.");
  expect(spanish.html).not.toContain("Something went wrong");
});
