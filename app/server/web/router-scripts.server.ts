/**
 * What React Router writes into a hydrated page's HTML, made shorter without
 * a change in what the browser runs (issue 34: the class home's HTML within
 * 1.3x of its visible markup).
 */

/**
 * React Router writes its server handoff (`window.__reactRouterContext = {…}`)
 * into every hydrated page, with each of the build's future flags, `false`
 * ones included: 0.2 kB of the class home's HTML that change nothing (issue
 * 34). React Router's browser code reads each flag as a truth value (`if
 * (future.v8_middleware)`, `=== true`), so a flag left out is read as the
 * `false` it was. This keeps the flags that are on and everything else of the
 * handoff as it was, escaped for a `<script>` the way React Router escapes it.
 */
export function withoutFalseFutureFlags(handoff: string | undefined): string | undefined {
  if (!handoff) return handoff;
  const parsed = JSON.parse(handoff) as { future?: Record<string, unknown> };
  if (!parsed.future) return handoff;
  parsed.future = Object.fromEntries(Object.entries(parsed.future).filter(([, on]) => on !== false));
  return escapeForScript(JSON.stringify(parsed));
}

/** React Router's `escapeHtml` for JSON in a `<script>`: no `<`, `>`, `&` or line separators as themselves. */
function escapeForScript(json: string): string {
  return json.replace(/[&<>\u2028\u2029]/g, unicodeEscape);
}

/**
 * The page's loader data reaches the browser as turbo-stream text in a
 * JavaScript string, `streamController.enqueue("…")`, written with
 * `JSON.stringify`: every `"` of the turbo-stream (four for each key and
 * string of the data) comes out as `\"`, 0.3 kB of the class home's 2.1 kB
 * of data. The same text in a single-quoted string needs almost none. The
 * browser gets the same string: the literal is read back with `JSON.parse`
 * and written again, with `<`, `>` and `&` escaped as React Router escapes
 * them (no `</script>` can end the script early).
 */
export function withSingleQuotedStreamChunks(html: string): string {
  return html
    .replace(STREAM_CHUNK, (_match, open: string, literal: string, close: string) => {
      return `${open}${singleQuoted(JSON.parse(literal) as string)}${close}`;
    })
    .replace(CLOSE_AFTER_CHUNK, `;${CLOSE}</script>$1`);
}

/**
 * The same on the rendered page's bytes: only the page's end, from the first
 * chunk's script on, is decoded and written again (the stream's scripts come
 * last); the rest of the page is passed on as it is, as the preload step
 * does (server/web/preload-nonces.server.ts).
 */
export function withSingleQuotedStreamChunksIn(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const call = html.indexOf(ENQUEUE);
  if (call < 0) return html;
  const start = html.lastIndexOf("<script", call);
  if (start < 0) return html;
  const end = html.toString("utf8", start);
  const short = withSingleQuotedStreamChunks(end);
  if (short === end) return html;
  return Buffer.concat([html.subarray(0, start), Buffer.from(short)]);
}

const ENQUEUE = "window.__reactRouterContext.streamController.enqueue(";

/**
 * The stream's close, which React Router writes as a script of its own right
 * after the last chunk's (inside a Suspense boundary of the server's render
 * alone, which the browser's render never hydrates: React Router renders it
 * on the server only), goes at the end of that chunk's script: the same
 * statements in the same order, one `<script nonce>` less.
 */
const CLOSE = "window.__reactRouterContext.streamController.close();";
const CLOSE_AFTER_CHUNK = new RegExp(
  `;</script>(<!--\\$-->)<script nonce="[^"]*">${CLOSE.replace(/[.()]/g, "\\$&")}</script>`,
  "g",
);

const STREAM_CHUNK =
  /(<script nonce="[^"]*">window\.__reactRouterContext\.streamController\.enqueue\()("(?:[^"\\]|\\.)*")(\);<\/script>)/g;

const SHORT_ESCAPES: Record<string, string> = { "\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r" };

function singleQuoted(text: string): string {
  return `'${text.replace(/[\\'\n\r\u2028\u2029<>&]/g, (c) => SHORT_ESCAPES[c] ?? unicodeEscape(c))}'`;
}

const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
