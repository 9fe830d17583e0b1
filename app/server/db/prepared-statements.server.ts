/**
 * Server-side prepared statements for PostgreSQL (ADR 063).
 *
 * drizzle sends every query as an unnamed statement, so PostgreSQL parses and
 * plans it again each time. For our screens' queries the planning is most of
 * the database's work (measured with pg_stat_statements: the class home's
 * dashboard query spent 1.8 ms planning and 1.3 ms executing). This client
 * names a repeated query after a hash of its SQL text; `pg` then parses it
 * once per connection, and PostgreSQL may reuse its plan (plan_cache_mode
 * auto), as postgres.js does by default.
 *
 * Only parameterised queries are named (a text without parameters may hold
 * several statements, which the extended protocol refuses), only from their
 * second use (a one-off text such as a bulk insert of N rows stays unnamed),
 * and at most MAX_PREPARED_PER_CONNECTION per connection, so a connection's
 * statement cache stays small. DATABASE_PREPARED_STATEMENTS=false turns this
 * off for a transaction-mode pooler that cannot hold prepared statements.
 */
import { createHash } from "node:crypto";
import type pg from "pg";

export const MAX_PREPARED_PER_CONNECTION = 200;
const MAX_PREPARED_TEXT_LENGTH = 16_000;
/** How many distinct query texts are remembered to spot a repeat (then forgotten at once). */
const MAX_REMEMBERED_TEXTS = 5_000;

const names = new Map<string, string | null>();

/** The statement name for a query text on its second use, else null. */
function nameForRepeat(text: string): string | null {
  const known = names.get(text);
  if (known) return known;
  if (known === null) {
    const name = statementName(text);
    names.set(text, name);
    return name;
  }
  if (names.size >= MAX_REMEMBERED_TEXTS) names.clear();
  names.set(text, null);
  return null;
}

export function statementName(text: string): string {
  return `q_${createHash("sha1").update(text).digest("base64url")}`;
}

interface QueryTextConfig {
  text: string;
  name?: string;
  submit?: unknown;
}

function isPlainQueryConfig(config: unknown): config is QueryTextConfig {
  return (
    typeof config === "object" &&
    config !== null &&
    typeof (config as QueryTextConfig).text === "string" &&
    (config as QueryTextConfig).name === undefined &&
    // A Query, Cursor or stream object is passed through untouched.
    typeof (config as QueryTextConfig).submit !== "function"
  );
}

/** A `pg` Client class that prepares repeated parameterised queries. */
export function preparingClient(Client: typeof pg.Client): typeof pg.Client {
  class PreparingClient extends Client {
    readonly #prepared = new Set<string>();

    // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this passes every one through.
    override query(config: any, values?: any, callback?: any): any {
      if (typeof config === "string" && Array.isArray(values) && values.length > 0) config = { text: config };
      if (
        isPlainQueryConfig(config) &&
        Array.isArray(values) &&
        values.length > 0 &&
        config.text.length <= MAX_PREPARED_TEXT_LENGTH
      ) {
        const name = nameForRepeat(config.text);
        if (name && (this.#prepared.has(name) || this.#prepared.size < MAX_PREPARED_PER_CONNECTION)) {
          this.#prepared.add(name);
          return (super.query as (...args: unknown[]) => unknown)({ ...config, name }, values, callback);
        }
      }
      return super.query(config, values, callback);
    }
  }
  return PreparingClient as unknown as typeof pg.Client;
}
