import { createServer } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { expect, test } from "vitest";
import { addressBucket, CONCURRENCY_LIMITS, createBodyBudget, limitConnections } from "./concurrency-limits.server";

const KB = 1024;

test("an IPv4 address counts by itself, an IPv6 address by its /64", () => {
  expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
  expect(addressBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
  expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
  expect(addressBucket("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
  expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
  expect(addressBucket("::1")).toBe("0:0:0:0::/64");
  expect(addressBucket(null)).toBe("unknown");
});

test("bodies start while both budgets have room; the rest wait, and start as room is given back", () => {
  const budget = createBodyBudget({ bodyBytes: 100 * KB, bodyBytesPerAddress: 40 * KB });
  const started: string[] = [];
  const a1 = budget.reserve("10.0.0.1", 30 * KB, () => started.push("a1"));
  budget.reserve("10.0.0.1", 30 * KB, () => started.push("a2")); // over the address's 40 kB: waits
  const b1 = budget.reserve("10.0.0.2", 40 * KB, () => started.push("b1"));
  budget.reserve("10.0.0.3", 40 * KB, () => started.push("c1")); // over the 100 kB in all: waits
  expect(started).toEqual(["a1", "b1"]);
  expect(budget.usage()).toEqual({ bytes: 70 * KB, addresses: 2, waiting: 2 });
  b1();
  // Room for 10.0.0.3 (nothing in flight) comes first; 10.0.0.1 is still at its own cap.
  expect(started).toEqual(["a1", "b1", "c1"]);
  a1();
  expect(started).toEqual(["a1", "b1", "c1", "a2"]);
});

test("an address with nothing in flight gets the next room before one with many bodies waiting", () => {
  const budget = createBodyBudget({ bodyBytes: 40 * KB, bodyBytesPerAddress: 40 * KB });
  const started: string[] = [];
  const first = budget.reserve("10.0.0.1", 20 * KB, () => started.push("busy-1"));
  budget.reserve("10.0.0.1", 20 * KB, () => started.push("busy-2"));
  for (let index = 3; index <= 6; index++) budget.reserve("10.0.0.1", 20 * KB, () => started.push(`busy-${index}`));
  budget.reserve("10.0.0.9", 20 * KB, () => started.push("honest"));
  first();
  expect(started).toEqual(["busy-1", "busy-2", "honest"]);
});

test("a body that leaves while waiting gives nothing back and is never started", () => {
  const budget = createBodyBudget({ bodyBytes: 10 * KB, bodyBytesPerAddress: 10 * KB });
  const started: string[] = [];
  const first = budget.reserve("10.0.0.1", 10 * KB, () => started.push("first"));
  const leaving = budget.reserve("10.0.0.2", 10 * KB, () => started.push("leaving"));
  leaving();
  expect(budget.usage().waiting).toBe(0);
  first();
  first();
  expect(started).toEqual(["first"]);
  expect(budget.usage()).toEqual({ bytes: 0, addresses: 0, waiting: 0 });
});

test("300 half-open connections from one address: the oldest are closed past 64, and a complete request from the same address is served (issue #35)", async () => {
  const server = createServer((_req, res) => res.end("ok"));
  // No grace: every connection here is opened at once (the product's grace is 2 s).
  const limits = limitConnections(server, null, { ...CONCURRENCY_LIMITS, halfOpenGraceMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const closed: number[] = [];
  const sockets: Socket[] = [];
  for (let index = 0; index < 300; index++) {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    socket.on("close", () => closed.push(index));
    // A request head that never ends.
    socket.write("GET / HTTP/1.1\r\nHost: school.example\r\n");
    sockets.push(socket);
    await new Promise((resolve) => socket.once("connect", resolve));
  }
  while (limits.openConnections("127.0.0.1") > CONCURRENCY_LIMITS.halfOpenPerAddress || closed.length < 300 - 64)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(limits.halfOpenConnections("127.0.0.1")).toBe(CONCURRENCY_LIMITS.halfOpenPerAddress);
  // The oldest went first.
  expect([...closed].sort((a, b) => a - b)).toEqual(Array.from({ length: 300 - 64 }, (_, index) => index));
  const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { Connection: "close" } });
  expect(await answer.text()).toBe("ok");
  for (const socket of sockets) socket.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
