/**
 * Strings that break naive code: injection attempts, markup, path tricks,
 * control and invisible characters, a lone surrogate, combining marks,
 * number-like words and real demo values. Shared by the fuzz tests
 * (tests/integration/fuzz-*.test.ts), which add their own.
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
