import { expect, test } from "vitest";
import { DATA_RETRIES, documentUrlOf, isDataRequest, retryDelayMs, withDataRetries } from "./data-retry";

const ORIGIN = "https://class.test";

/** A fetch answering from a list of statuses (a number) or network failures ("down"), counting its calls. */
function scripted(answers: (number | "down")[]) {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    calls.push(String(input));
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer === "down") throw new TypeError("Failed to fetch");
    return new Response("x", { status: answer });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const waits: number[] = [];
const noWait = async (ms: number) => {
  waits.push(ms);
};

test("a data request answered 503 once is sent again, and the screen gets the second answer", async () => {
  const server = scripted([503, 200]);
  const response = await withDataRetries(server.fetch, ORIGIN, undefined, noWait)(`${ORIGIN}/admin/schools.data`);
  expect(response.status).toBe(200);
  expect(server.calls).toHaveLength(2);
});

test("at most 3 retries with doubling waits; then the last answer is the screen's", async () => {
  waits.length = 0;
  const down = scripted(["down", 502, 504, 503, 200]);
  const response = await withDataRetries(down.fetch, ORIGIN, undefined, noWait)("/class/1/home.data");
  expect(response.status).toBe(503);
  expect(down.calls).toHaveLength(1 + DATA_RETRIES);
  expect(waits).toEqual([300, 600, 1200]);
});

test("only idempotent data requests are retried: not posts, other files, other sites or a 404", async () => {
  expect(isDataRequest("/admin/schools.data", { method: "POST" }, ORIGIN)).toBe(false);
  expect(isDataRequest("/api/classes", undefined, ORIGIN)).toBe(false);
  expect(isDataRequest("https://elsewhere.test/x.data", undefined, ORIGIN)).toBe(false);
  expect(isDataRequest("/admin/schools.data?_routes=routes%2Fadmin%2Fschools", undefined, ORIGIN)).toBe(true);
  const post = scripted([503, 200]);
  expect((await withDataRetries(post.fetch, ORIGIN, undefined, noWait)("/x.data", { method: "POST" })).status).toBe(
    503,
  );
  const missing = scripted([404, 200]);
  expect((await withDataRetries(missing.fetch, ORIGIN, undefined, noWait)("/x.data")).status).toBe(404);
  expect(missing.calls).toHaveLength(1);
});

test("waits double up to 30 s, and follow a Retry-After header within that cap", () => {
  expect([0, 1, 2, 10].map((retry) => retryDelayMs(retry))).toEqual([300, 600, 1200, 30_000]);
  expect(retryDelayMs(0, "5")).toBe(5000);
  expect(retryDelayMs(0, "3600")).toBe(30_000);
});

test("used up on a failure of the way there, the page is loaded as a document; the app's own 503 is not", async () => {
  const given: string[] = [];
  const giveUp = async (url: string) => {
    given.push(url);
    return new Response("document", { status: 200 });
  };
  const proxy = scripted([503]);
  await withDataRetries(
    proxy.fetch,
    ORIGIN,
    giveUp,
    noWait,
  )("/admin/schools.data?_routes=root%2Croutes%2Fadmin%2Fschools");
  expect(given).toEqual(["/admin/schools.data?_routes=root%2Croutes%2Fadmin%2Fschools"]);
  expect(documentUrlOf(given[0], ORIGIN)).toBe("/admin/schools");
  expect(documentUrlOf("/_root.data?lng=de", ORIGIN)).toBe("/?lng=de");
  const own = (async () =>
    new Response("x", { status: 503, headers: { "X-Remix-Response": "yes" } })) as unknown as typeof fetch;
  expect((await withDataRetries(own, ORIGIN, giveUp, noWait)("/x.data")).status).toBe(503);
  expect(given).toHaveLength(1);
});
