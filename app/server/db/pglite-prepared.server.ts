/**
 * Prepared statements on embedded PGlite (issue 34, docs/performance.md), as
 * prepared-statements.server.ts does for PostgreSQL (ADR 063).
 *
 * PGlite's `query()` sends each query as six protocol messages, each a call
 * into its WASM module (parse, describe the statement to learn its parameters'
 * types, bind, describe the portal, execute, sync), and the database parses
 * and plans the text again every time: 0.3-0.5 ms of CPU before any work, on
 * the server's own thread, for every statement of every page. This wraps the
 * client's `query()`: a parameterised text on its second use is parsed once
 * under a statement name, and from then on sent as bind, describe, execute and
 * sync in one call (about a third of the cost; PostgreSQL may then keep its
 * plan, plan_cache_mode auto).
 *
 * Only where nothing is lost: parameters that are strings, numbers, bigints,
 * booleans, dates or null (sent as text, as `pg` sends them to PostgreSQL, a
 * date in ISO 8601 as PGlite's serialisers write it; an array, object or byte
 * array takes PGlite's own path, which serialises by the parameter's type), at most MAX_PREPARED statements, and under the same
 * two locks as `query()`, so a query outside a transaction still waits for
 * an open one. Transactions (`client.transaction`) keep PGlite's own path.
 */
import type { PGlite, parse as pgliteParse, protocol as pgliteProtocol } from "@electric-sql/pglite";

export const MAX_PREPARED = 500;
const MAX_PREPARED_TEXT_LENGTH = 16_000;
/** How many distinct query texts are remembered to spot a repeat (then forgotten at once). */
const MAX_REMEMBERED_TEXTS = 5_000;

type Query = PGlite["query"];
type Parameter = string | number | bigint | boolean | Date | null | undefined;

function isTextParameter(value: unknown): value is Parameter {
  const type = typeof value;
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  return value == null || type === "string" || type === "number" || type === "bigint" || type === "boolean";
}

/** As PGlite's own serialisers write them: a Date as ISO 8601 (what its timestamp, date and text types do). */
const asText = (value: Parameter): string | null =>
  value == null ? null : value instanceof Date ? value.toISOString() : String(value);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Makes `client.query` prepare its repeated parameterised texts. */
export function preparePgliteQueries(
  client: PGlite,
  pglite: { parse: typeof pgliteParse; protocol: typeof pgliteProtocol },
): void {
  const { serialize } = pglite.protocol;
  const original: Query = client.query.bind(client);
  const prepared = new Map<string, string>();
  const seen = new Set<string>();
  let counter = 0;

  const query = (async (text: string, params?: unknown[], options?: Parameters<Query>[2]) => {
    if (
      !params?.length ||
      options?.blob ||
      options?.paramTypes ||
      text.length > MAX_PREPARED_TEXT_LENGTH ||
      !params.every(isTextParameter)
    )
      return original(text, params, options);
    if (!prepared.has(text) && !seen.has(text)) {
      if (seen.size >= MAX_REMEMBERED_TEXTS) seen.clear();
      seen.add(text);
      return original(text, params, options);
    }
    const values = (params as Parameter[]).map(asText);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        // Named inside the lock, so two requests never prepare the same text twice; past the cap, unnamed.
        const known = prepared.get(text);
        const parseFirst = known === undefined;
        const statement = known ?? (prepared.size < MAX_PREPARED ? `orliverse_${++counter}` : "");
        const messages = [
          serialize.bind({ statement, values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ];
        if (parseFirst) messages.unshift(serialize.parse({ name: statement, text, types: [] }));
        let results: Awaited<ReturnType<PGlite["execProtocolStream"]>>;
        try {
          results = await client.execProtocolStream(concat(messages), { syncToFs: false });
        } catch (error) {
          // A statement parsed but not bound is dropped: the text takes PGlite's own path until its next repeat.
          if (parseFirst && statement)
            await client
              .execProtocolStream(concat([serialize.close({ type: "S", name: statement }), serialize.sync()]), {
                syncToFs: false,
              })
              .catch(() => {});
          throw error;
        }
        if (parseFirst && statement) prepared.set(text, statement);
        await client.syncToFs();
        const [result] = pglite.parse.parseResults(results, client.parsers, options);
        return result;
      }),
    );
  }) as Query;
  Object.assign(client, { query });
}
