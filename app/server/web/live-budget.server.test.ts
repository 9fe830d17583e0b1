import { expect, test } from "vitest";
import { createLiveStreamBudget } from "./live-budget.server";

const limits = { perSession: 2, perUser: 3, bytesPerStream: 100, memoryBytes: 500 };

test("streams are capped per session, per user, and by the memory they cost; places come back once", async () => {
  const budget = createLiveStreamBudget(limits);
  const a1 = budget.take("session-a", 1);
  budget.take("session-a", 1);
  const sessionFull = budget.take("session-a", 1);
  expect("refusal" in sessionFull && sessionFull.refusal.status).toBe(429);
  budget.take("session-b", 1);
  const userFull = budget.take("session-c", 1);
  expect("refusal" in userFull && userFull.refusal.headers.get("Retry-After")).toBe("30");
  budget.take("session-d", 2);
  budget.take("session-e", 3);
  // Five streams of 100 bytes fill 500: the sixth is the server's budget, 503.
  const memoryFull = budget.take("session-f", 4);
  expect("refusal" in memoryFull && memoryFull.refusal.status).toBe(503);
  expect(await ("refusal" in memoryFull ? memoryFull.refusal.json() : null)).toMatchObject({
    code: "SERVICE_UNAVAILABLE",
  });
  if (!("release" in a1)) throw new Error("the first stream was refused");
  a1.release();
  a1.release();
  expect(budget.usage().open).toBe(4);
  expect("release" in budget.take("session-a", 1)).toBe(true);
});
