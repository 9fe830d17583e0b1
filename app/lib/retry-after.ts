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

/**
 * The `headers` export of the provider sign-in's problem pages (issue 35.5):
 * their `Retry-After` and `Cache-Control: no-store`, from the loader's page or
 * a thrown one (cookies pass on their own).
 */
export function passProblemHeaders({
  loaderHeaders,
  errorHeaders,
}: {
  loaderHeaders: Headers;
  errorHeaders?: Headers;
}): Headers {
  const from = errorHeaders ?? loaderHeaders;
  const headers = new Headers();
  for (const name of ["Retry-After", "Cache-Control"]) {
    const value = from.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
