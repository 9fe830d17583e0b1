/**
 * Where the app may send a browser: a path on this site, whatever the value
 * hides (ADR 121). Every redirect target goes through `safeRedirectPath`:
 * `redirectTo` and `callbackURL` from a request, and the paths the app builds
 * itself (app/server/redirects.server.ts wraps every redirect in it).
 *
 * Refused (the fallback is used instead):
 * - anything that is not a string of 1–2048 characters starting with `/`;
 * - whitespace or a control character anywhere (tab, CR and LF are dropped
 *   by URL parsers, so `/\t/evil.example` is `//evil.example` to a browser;
 *   a CR or LF would also break the `Location` header);
 * - a backslash anywhere (browsers read `/\evil.example` as `//evil.example`);
 * - a path that starts `//`, also once percent-decoded (`/%2F%2Fevil.example`,
 *   `/%5Cevil.example`) or once its dot segments are resolved (`/..//evil.example`);
 * - a percent-encoded control character in the path (`/%09/evil.example`).
 *
 * What is kept is the URL parser's own form of the path (the way a browser
 * will read it): non-ASCII characters, look-alikes of `/` and `.` included,
 * are percent-encoded, so they stay inside the path and the `Location`
 * header is plain ASCII.
 */
const MAX_LENGTH = 2048;
const BASE = "http://same-site.invalid";
/** Whitespace, C0 and C1 controls, DEL, and the backslash. */
const RAW_FORBIDDEN = /[\s\p{Cc}\\]/u;
const DECODED_FORBIDDEN = /[\p{Cc}\\]/u;

export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || RAW_FORBIDDEN.test(value)) return fallback;
  if (hidesAnotherHost(value.split(/[?#]/, 1)[0])) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || hidesAnotherHost(url.pathname)) return fallback;
  return path;
}

/** True when a path, percent-decoded once or twice, starts `//` or holds a backslash or a control character. */
function hidesAnotherHost(pathname: string): boolean {
  let decoded = pathname;
  for (let round = 0; round < 3; round++) {
    if (decoded.startsWith("//") || DECODED_FORBIDDEN.test(decoded)) return true;
    const next = decodeLoosely(decoded);
    if (next === decoded) return false;
    decoded = next;
  }
  return true; // encoded three times over: no link of ours looks like that
}

/** Decodes the escapes of ASCII characters and of the C1 controls (UTF-8 `%C2%80`–`%C2%9F`); leaves the rest. */
function decodeLoosely(text: string): string {
  return text.replace(/%c2%[89][0-9a-f]|%[0-7][0-9a-f]/gi, (sequence) =>
    String.fromCharCode(Number.parseInt(sequence.slice(-2), 16)),
  );
}
