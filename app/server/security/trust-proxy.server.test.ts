import { expect, test } from "vitest";
import { isTrustedProxy, parseTrustProxy, resolveClientAddress } from "./trust-proxy.server";

const noProxy = parseTrustProxy(undefined);
const oneHop = parseTrustProxy("1");
const lan = parseTrustProxy("10.0.0.0/8,loopback");

test("without TRUST_PROXY the client is the socket's peer, whatever the headers say", () => {
  const headers = { "x-forwarded-for": "203.0.113.9", "x-real-ip": "198.51.100.7" };
  expect(resolveClientAddress(noProxy, "192.0.2.10", headers)).toBe("192.0.2.10");
  expect(resolveClientAddress(noProxy, "::ffff:192.0.2.10", headers)).toBe("192.0.2.10");
});

test("one trusted hop: the address the proxy appended, not what the client wrote before it", () => {
  const headers = { "x-forwarded-for": "6.6.6.6, 203.0.113.9" };
  expect(resolveClientAddress(oneHop, "10.0.0.2", headers)).toBe("203.0.113.9");
  expect(resolveClientAddress(oneHop, "10.0.0.2", {})).toBe("10.0.0.2");
});

test("trusted ranges: walk X-Forwarded-For from the right past every trusted proxy", () => {
  const headers = { "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.1.2.3" };
  expect(resolveClientAddress(lan, "127.0.0.1", headers)).toBe("203.0.113.9");
  // A peer outside the ranges is the client itself.
  expect(resolveClientAddress(lan, "192.0.2.50", headers)).toBe("192.0.2.50");
});

test("a trusted proxy that sends only X-Real-IP is believed; junk in the header is not", () => {
  expect(resolveClientAddress(oneHop, "10.0.0.2", { "x-real-ip": "203.0.113.9" })).toBe("203.0.113.9");
  expect(resolveClientAddress(oneHop, "10.0.0.2", { "x-forwarded-for": "not-an-address" })).toBe("10.0.0.2");
});

test("isTrustedProxy: hops count positions, ranges check addresses", () => {
  expect(isTrustedProxy(oneHop, "192.0.2.1", 0)).toBe(true);
  expect(isTrustedProxy(oneHop, "192.0.2.1", 1)).toBe(false);
  expect(isTrustedProxy(lan, "10.9.9.9", 3)).toBe(true);
  expect(isTrustedProxy(lan, "::1", 0)).toBe(true);
  expect(isTrustedProxy(lan, "11.0.0.1", 0)).toBe(false);
  expect(isTrustedProxy(noProxy, "127.0.0.1", 0)).toBe(false);
});
