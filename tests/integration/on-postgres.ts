/**
 * The integration files that CI runs a second time on PostgreSQL (.ci/run sets
 * TEST_DATABASE_URL and TEST_POSTGRES_SUBSET=1; vite.config.ts reads this list). Every integration file
 * runs on PGlite in `npm test`, which is PostgreSQL itself compiled to
 * WebAssembly with the same migrations; what PGlite cannot show is what these
 * files test, so they run on a real server too (docs/security.md, "Where CI's
 * time goes"):
 *
 * - parallel bursts against limits and counters: PGlite runs one statement at
 *   a time and hides every race (ARCHITECTURE.md, "Limits and budgets");
 * - the pool, connections and LISTEN/NOTIFY of live results;
 * - constraints, migrations over existing rows, the `pg` driver's value types
 *   (json, timestamps, ids) and prepared statements;
 * - joining and admitting, where two devices race for one child.
 *
 * A new file that tests any of these belongs here; a unit test
 * (tests/integration/on-postgres.test.ts) fails
 * on a name that is not a file.
 */
export const ON_POSTGRES = [
  // Limits, budgets and counters under parallel bursts.
  "auth-accounts",
  "class-code-limits",
  "drawing-quotas",
  "provider-sign-in",
  "rate-limit-answers",
  "self-signup",
  "sign-in-limits",
  "student-api-concurrency",
  "student-throttles",
  // Live results: LISTEN/NOTIFY and the streams over the pool.
  "live-results-events",
  "live-results-stream",
  // SQL, constraints, migrations and the driver's types.
  "class-owner-migration",
  "json-rows",
  "prepared-statements",
  "record-ids",
  "response-tallies",
  "response-tallies-migration",
  "retention",
  "schema-constraints",
  "seed",
  "student-token-lifetimes",
  // Joining, admitting and anonymity, where requests race.
  "anonymity-over-time",
  "anonymous-releases",
  "class-code-join-progress",
  "student-identity-join",
  "student-identity-teacher",
  "student-web",
  // Hostile input and redirects, whose refusals come from the database on PostgreSQL.
  "fuzz-screens",
  "input-rules",
  "redirect-targets",
] as const;
