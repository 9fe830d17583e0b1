/**
 * What the live results' browser tests share (tests/e2e/live-results*.test.ts):
 * starting a survey through the JSON API, a student joining and answering,
 * and the response count the results page shows.
 */
import { get } from "node:http";
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";

/** A survey the class (5A Sunflowers unless named) has not been given yet, assigned and started through the JSON API. */
export async function startSurvey(
  teacher: BrowserContext,
  baseURL: string,
  title: string,
  options: { className?: string; anonymous?: boolean } = {},
) {
  const headers = { Origin: baseURL };
  const { classes } = (await (await teacher.request.get(`${baseURL}/api/classes/my-classes`)).json()) as {
    classes: { id: number; name: string }[];
  };
  const klass = classes.find((c) => c.name === (options.className ?? "5A Sunflowers"))!;
  const { surveys } = (await (
    await teacher.request.get(`${baseURL}/api/classes/${klass.id}/surveys/assignable`)
  ).json()) as { surveys: { id: number; title: string }[] };
  const survey = surveys.find((s) => s.title === title)!;
  const assigned = await teacher.request.post(`${baseURL}/api/classes/${klass.id}/surveys/${survey.id}/assign`, {
    data: { anonymous: options.anonymous ?? false },
    headers,
  });
  expect(assigned.status()).toBe(201);
  const { assignment } = (await assigned.json()) as { assignment: { id: number } };
  const started = await teacher.request.patch(
    `${baseURL}/api/classes/${klass.id}/assignments/${assignment.id}/status`,
    {
      data: { status: "active" },
      headers,
    },
  );
  expect(started.status()).toBe(200);
  return { classId: klass.id, assignmentId: assignment.id };
}

/**
 * A student joins with the class code and answers the survey's first option
 * question, in the page given; `write` goes into the first written answer,
 * and `draw` draws a stroke on the drawing pad (JavaScript on).
 */
export async function joinAndAnswer(
  page: Page,
  code: string,
  name: [string, string],
  title: string,
  extra: { write?: string; draw?: boolean } = {},
) {
  await page.goto(`/join?code=${code}`);
  await page.getByRole("textbox", { name: "First name" }).fill(name[0]);
  await page.getByRole("textbox", { name: "Last name" }).fill(name[1]);
  await page.getByRole("button", { name: "Join" }).click();
  await page.getByRole("heading", { name: `Hello, ${name[0]}!` }).waitFor();
  const row = page.getByRole("listitem").filter({ hasText: title });
  await row.getByRole("link", { name: title }).click();
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  await page.getByRole("radio").first().check();
  if (extra.write) await page.getByRole("textbox").first().fill(extra.write);
  if (extra.draw) await drawStroke(page);
  await page.getByRole("button", { name: "Send my answers" }).click();
  await page.getByRole("heading", { name: "Thank you!" }).waitFor();
}

/** The response count the results page shows ("1 response from a class of 3 students."). */
export async function shownResponses(page: Page): Promise<string> {
  return (await page.getByText(/responses? from a class/).textContent()) ?? "";
}

/** One stroke across the drawing pad, with the mouse. */
export async function drawStroke(page: Page) {
  const area = page.getByRole("img", { name: /^Drawing area/ });
  await area.waitFor();
  await area.scrollIntoViewIfNeeded();
  const placed = await area.boundingBox();
  if (!placed) throw new Error("The drawing area has no size");
  await page.mouse.move(placed.x + placed.width * 0.2, placed.y + placed.height * 0.3);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(
      placed.x + placed.width * (0.2 + step * 0.06),
      placed.y + placed.height * (0.3 + step * 0.04),
    );
  await page.mouse.up();
}

/** A live stream held over its own connection, as an EventSource holds one. */
export interface HeldStream {
  status: number;
  /** Everything the server sent, once it ended the stream (the `end` event's reason among it). */
  ended: Promise<string>;
  /** Drops the connection: "close" ends it as a closing tab does (FIN), "reset" destroys the socket abruptly (RST). */
  drop(how: "close" | "reset"): void;
}

/**
 * Opens a live stream (`/class/{id}/live` or a results stream) with the session's cookie; resolves once the first
 * snapshot arrives (200) or with the whole refusal (429, 503).
 */
export function holdStream(baseURL: string, path: string, cookie: string): Promise<HeldStream> {
  return new Promise((resolve, reject) => {
    const req = get(`${baseURL}${path}`, { agent: false, headers: { accept: "text/event-stream", cookie } }, (res) => {
      const socket = res.socket;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      const held = {
        status: res.statusCode ?? 0,
        ended: new Promise<string>((resolveEnd) => res.on("end", () => resolveEnd(body))),
        drop: (how: "close" | "reset") => {
          if (how === "close") socket.end();
          else socket.resetAndDestroy();
        },
      };
      res.on("error", () => {});
      if (held.status !== 200) {
        res.resume();
        res.on("end", () => resolve(held));
        return;
      }
      res.once("data", () => resolve(held));
    });
    req.on("error", reject);
  });
}

/** Opens the stream, asking again (a place given back reaches the server's budget a moment after the drop) until it opens. */
export async function holdStreamWhenFree(baseURL: string, path: string, cookie: string): Promise<HeldStream> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const stream = await holdStream(baseURL, path, cookie);
    if (stream.status === 200 || Date.now() > deadline) return stream;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
