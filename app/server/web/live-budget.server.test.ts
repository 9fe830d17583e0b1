import { expect, test } from "vitest";
import { createLiveStreamBudget, type LiveStreamBudget } from "./live-budget.server";

const limits = { perSession: 2, perUser: 3, bytesPerStream: 100, memoryBytes: 500 };

/** A stream as live-stream.server.ts opens one: evicted, it ends and gives its place back. */
function openStream(budget: LiveStreamBudget, session: string, user: number) {
  const stream = { ended: false, release: () => {} };
  const place = budget.take(session, user, () => {
    stream.ended = true;
    stream.release();
  });
  if ("refusal" in place) return { ...stream, refusal: place.refusal };
  stream.release = place.release;
  return stream;
}

test("at a session's or a user's cap the newest stream wins: the oldest of that session, else of that user, is ended", () => {
  const budget = createLiveStreamBudget(limits);
  const a1 = openStream(budget, "session-a", 1);
  const a2 = openStream(budget, "session-a", 1);
  const a3 = openStream(budget, "session-a", 1);
  expect([a1.ended, a2.ended, "refusal" in a3]).toEqual([true, false, false]);
  expect(budget.usage().open).toBe(2);
  // The user's third place, then a fourth from another session: the user's oldest (a2) gives way.
  const b1 = openStream(budget, "session-b", 1);
  const c1 = openStream(budget, "session-c", 1);
  expect([a2.ended, a3.ended, b1.ended, "refusal" in c1]).toEqual([true, false, false, false]);
  expect(budget.usage().open).toBe(3);
});

test("a place that cannot be freed is refused with 429; the server's memory with 503; places come back once", async () => {
  const budget = createLiveStreamBudget(limits);
  // A stream whose end does not give its place back (never so in live-stream.server.ts).
  budget.take("session-a", 1, () => {});
  budget.take("session-a", 1, () => {});
  const sessionFull = openStream(budget, "session-a", 1);
  expect("refusal" in sessionFull && sessionFull.refusal.status).toBe(429);
  expect("refusal" in sessionFull && sessionFull.refusal.headers.get("Retry-After")).toBe("30");
  const d = openStream(budget, "session-d", 2);
  openStream(budget, "session-e", 3);
  openStream(budget, "session-g", 5);
  // Five streams of 100 bytes fill 500: the sixth is the server's budget, 503.
  const memoryFull = openStream(budget, "session-f", 4);
  expect("refusal" in memoryFull && memoryFull.refusal.status).toBe(503);
  expect(await ("refusal" in memoryFull ? memoryFull.refusal.json() : null)).toMatchObject({
    code: "SERVICE_UNAVAILABLE",
  });
  d.release();
  d.release();
  expect(budget.usage().open).toBe(4);
  expect("refusal" in openStream(budget, "session-f", 4)).toBe(false);
});
