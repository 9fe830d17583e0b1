/**
 * Which proxies may tell us who the client is (TRUST_PROXY), and the client's
 * address that follows from it. Without TRUST_PROXY the client is the socket's
 * peer and every X-Forwarded-* / X-Real-IP header is the client's own claim,
 * believed by nothing. ADR 101.
 */
import { BlockList, isIP } from "node:net";

/** Nobody (`null`), the nearest N hops, or the proxies at these addresses and ranges. */
export type TrustProxy = null | { hops: number } | { ranges: string[]; blockList: BlockList };

/** proxy-addr's (and so Express's) names for common ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

export const TRUST_PROXY_HELP =
  "must be a number of proxy hops (such as 1) or a comma-separated list of proxy addresses and CIDR ranges (such as 10.0.0.0/8, 127.0.0.1, loopback)";

const MAX_HOPS = 10;

/** Parses TRUST_PROXY; throws an Error whose message says what is expected. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return null;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new Error(`${TRUST_PROXY_HELP}; at most ${MAX_HOPS} hops`);
    return { hops };
  }
  const blockList = new BlockList();
  const ranges: string[] = [];
  for (const entry of text.split(",").map((part) => part.trim())) {
    if (entry === "") continue;
    for (const range of NAMED_RANGES[entry] ?? [entry]) {
      if (!addRange(blockList, range)) throw new Error(`${TRUST_PROXY_HELP}; "${entry}" is neither`);
      ranges.push(range);
    }
  }
  if (ranges.length === 0) throw new Error(TRUST_PROXY_HELP);
  return { ranges, blockList };
}

function addRange(blockList: BlockList, range: string): boolean {
  const [address, prefixText, ...rest] = range.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  const type = family === 4 ? "ipv4" : "ipv6";
  if (prefixText === undefined) {
    blockList.addAddress(address, type);
    return true;
  }
  const prefix = Number(prefixText);
  if (!/^\d+$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) return false;
  blockList.addSubnet(address, prefix, type);
  return true;
}

/** `::ffff:10.0.0.1` (how a dual-stack socket reports IPv4) is 10.0.0.1. */
export function normaliseAddress(address: string | undefined | null): string | null {
  if (!address) return null;
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  const plain = mapped ? mapped[1] : trimmed;
  return isIP(plain) ? plain : null;
}

/** Whether the hop at this position (0: the socket's peer) is a proxy we trust. */
export function isTrustedProxy(trust: TrustProxy, address: string | null, hop: number): boolean {
  if (!trust || !address) return false;
  if ("hops" in trust) return hop < trust.hops;
  const normalised = normaliseAddress(address);
  if (!normalised) return false;
  return trust.blockList.check(normalised, isIP(normalised) === 4 ? "ipv4" : "ipv6");
}

type HeaderValue = string | string[] | undefined;

function headerText(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value.join(",") : value;
}

/**
 * The client's address: the socket's peer, or, when that peer is a trusted
 * proxy, the address it forwarded (X-Forwarded-For walked from the right,
 * past each trusted hop; X-Real-IP when a trusted proxy sends only that).
 */
export function resolveClientAddress(
  trust: TrustProxy,
  socketAddress: string | undefined,
  headers: Record<string, HeaderValue>,
): string | null {
  let client = normaliseAddress(socketAddress);
  if (!isTrustedProxy(trust, client, 0)) return client;
  const forwarded = headerText(headers["x-forwarded-for"]);
  if (!forwarded) return normaliseAddress(headerText(headers["x-real-ip"])) ?? client;
  const hops = forwarded.split(",").reverse();
  for (let i = 0; i < hops.length; i++) {
    const hop = normaliseAddress(hops[i]);
    // A hop that is no address was written by the client itself: the trusted proxy before it is as far as we know.
    if (!hop) return client;
    client = hop;
    if (!isTrustedProxy(trust, hop, i + 1)) return client;
  }
  return client;
}

/** The headers only a trusted proxy may set. */
export const FORWARDING_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
  "forwarded",
] as const;
