/**
 * Strings that break naive code: injection attempts, markup, path tricks,
 * control and invisible characters, a lone surrogate, combining marks,
 * number-like words and real demo values. Shared by the fuzz tests
 * (tests/integration/fuzz-*.test.ts), which add their own, and by the tests
 * of the text and redirect rules (ADR 120, 121).
 */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "%00",
  "\u0000",
  "\uFEFF\u200B\u202E",
  "🧑‍🏫👩🏽‍🎓",
  "\uD800",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "NaN",
  "Infinity",
  "SUNNY-4821",
  "admin@orliverse.example",
];

/**
 * Text no field may hold (ADR 120), each inside an otherwise plausible value:
 * NUL, U+0001, a vertical tab, DEL, the C1 control NEL (U+0085), the
 * noncharacter U+FFFE, and lone high and low surrogates. Every screen and API
 * must refuse each with a 400 (or clean it), never answer 500 and never store it.
 */
export const CONTROL_STRINGS = [
  "Ada\u0000Lovelace",
  "Ada\u0001",
  "Ada\u000BLovelace",
  "Ada\u007F",
  "Ada\u0085Lovelace",
  "Ada\uFFFE",
  "Ada\uD800",
  "\uDC00Ada",
] as const;

/** Characters a single-line field refuses but a multi-line one (notes, free-text answers) keeps. */
export const LINE_BREAK_STRINGS = ["Ada\tLovelace", "Ada\nLovelace", "Ada\r\nLovelace"] as const;

/**
 * Redirect targets that try to leave the site (ADR 121): protocol-relative
 * and absolute URLs, backslashes, tabs, CR/LF, percent-encoded slashes,
 * backslashes and controls, dot segments, look-alike slashes, and header
 * injection. `safeRedirectPath` must answer each with a same-site path.
 */
export const HOSTILE_REDIRECTS = [
  "//evil.example",
  "///evil.example",
  "https://evil.example/x",
  "http:evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/\\evil.example",
  "\\/\\/evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/\n/evil.example",
  "/home\r\nSet-Cookie: x=1",
  "/home\nLocation: https://evil.example",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/%252F%252Fevil.example",
  "/..//evil.example",
  "/./..//evil.example",
  "/%2e%2e//evil.example",
  "/%00",
  "/home\u0000",
  "/\u2215\u2215evil.example",
  "/\uFF0F\uFF0Fevil.example",
  "\uFF0F\uFF0Fevil.example",
  "/\u3002evil.example",
  "/\u0085/evil.example",
  "/home?next=//evil.example",
  `/${"a".repeat(5000)}`,
] as const;

/** Keys a JSON body never has: each endpoint must refuse them with a 400 that names the key. */
export const UNKNOWN_KEYS = ["status", "role", "isAdmin", "id", "schoolId", "__proto__", "constructor", "extra"];

/** Page sizes and page numbers outside every list's range: a 400, never a fallback. */
export const OUT_OF_RANGE_PAGE_SIZES = ["0", "-1", "201", "500", "1e9", "2147483648", "1.5", "abc", "25x"];
