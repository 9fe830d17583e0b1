/**
 * A route's `headers` export for screens whose action may refuse with 429:
 * React Router sends an action's headers only through the route's `headers`
 * function (cookies excepted), so the refusal's `Retry-After` is passed on
 * here, and nothing else.
 *
 *   export const headers: Route.HeadersFunction = passRetryAfter;
 */
export function passRetryAfter({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
