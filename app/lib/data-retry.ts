/**
 * Retries of the browser's data requests (SPEC "Data caching": up to 3 retries with exponential backoff
 * capped at 30 s; issue 36). React Router fetches a screen's loader data as `GET /some/path.data`: a
 * request that changes nothing, so it can be sent again. On flaky school Wi-Fi one of them fails now
 * and then (a dropped connection, a 502/503/504 from a proxy or a restarting instance); retried, the
 * screen loads instead of showing an error. Form posts (actions) are never retried: they are not
 * idempotent, and the forms' own tokens decide what a second send means.
 *
 * When the retries are used up and the failure is not the app's own answer (no `X-Remix-Response`
 * header: a proxy's 503, a dropped connection), the browser loads the page as a document instead
 * (`giveUp`). React Router would put such a failure on the highest route of the request (the root:
 * a bare "Something went wrong!" with header and sidebar gone); the server's render of the page puts
 * any error of its own inside the layout, at the route that failed. The app's own error answers
 * (a loader's 404 or 500, encoded per route) go to React Router as they are.
 */

/** Retries after the first attempt. */
export const DATA_RETRIES = 3;
/** The first retry's wait; each next one doubles it. */
export const DATA_RETRY_BASE_MS = 300;
/** No wait is longer than this, a Retry-After header's included. */
export const DATA_RETRY_CAP_MS = 30_000;

/** Answers worth another try: the way there failed, not the request. */
const RETRYABLE_STATUSES = new Set([408, 502, 503, 504]);

/** The wait before retry `retry` (0-based): 300, 600, 1200 ms …, or the answer's Retry-After, capped at 30 s. */
export function retryDelayMs(retry: number, retryAfter: string | null = null): number {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : 0;
  return Math.min(DATA_RETRY_CAP_MS, Math.max(DATA_RETRY_BASE_MS * 2 ** retry, seconds * 1000));
}

/** The page a data URL loads: `/admin/schools.data?_routes=…` → `/admin/schools`, `/_root.data` → `/`. */
export function documentUrlOf(dataUrl: string, origin: string): string {
  const url = new URL(dataUrl, origin);
  url.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return `${url.pathname}${url.search}`;
}

/** A same-origin GET of a `.data` URL (React Router's loader data): the only requests retried. */
export function isDataRequest(input: RequestInfo | URL, init: RequestInit | undefined, origin: string): boolean {
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  if (method !== "GET") return false;
  const href = input instanceof Request ? input.url : String(input);
  const url = new URL(href, origin);
  return url.origin === origin && url.pathname.endsWith(".data");
}

type Fetch = typeof fetch;
type Sleep = (ms: number, signal: AbortSignal | null | undefined) => Promise<void>;

const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** What to do when a data request's retries are used up on a failure of the way there (see above). */
export type GiveUp = (dataUrl: string) => Promise<Response>;

/**
 * `fetch` with the data requests retried: up to DATA_RETRIES more times when the network fails or the
 * answer is a 408/502/503/504 (not the app's own); a request the page aborted (the user went
 * elsewhere) is not retried. Then `giveUp` has the last word.
 */
export function withDataRetries(base: Fetch, origin: string, giveUp?: GiveUp, wait: Sleep = sleep): Fetch {
  return async (input, init) => {
    if (!isDataRequest(input, init, origin)) return base(input, init);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const href = input instanceof Request ? input.url : String(input);
    for (let retry = 0; ; retry++) {
      const last = retry === DATA_RETRIES;
      try {
        const response = await base(input, init);
        const onTheWay = RETRYABLE_STATUSES.has(response.status) && !response.headers.has("X-Remix-Response");
        if (!onTheWay) return response;
        if (last) return giveUp ? giveUp(href) : response;
        await wait(retryDelayMs(retry, response.headers.get("Retry-After")), signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        if (last) {
          if (giveUp) return giveUp(href);
          throw error;
        }
        await wait(retryDelayMs(retry), signal);
      }
    }
  };
}

/** The browser's give-up: load the page as a document (the request never answers; the page goes). */
export function loadAsDocument(origin: string): GiveUp {
  return (dataUrl) => {
    window.location.assign(documentUrlOf(dataUrl, origin));
    return new Promise<Response>(() => {});
  };
}
