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
  return json.replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
