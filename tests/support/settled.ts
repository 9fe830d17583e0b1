/**
 * Waiting until a page is done with what a visit starts, instead of a fixed moment (issue #34):
 *
 *   const network = watchNetwork(page);
 *   await page.goto("/class/1/home");
 *   await settled(page, network);
 *
 * Settled is: the document loaded; where the page runs React (every page but the plain ones,
 * ADR 170), hydration committed; and then no request under way and none started across an
 * animation frame and a task, so the effects hydration runs, the lazy chunks they import (the
 * profile dropdown, a flash toast) and whatever those load have arrived and run, and the events
 * they caused (a securitypolicyviolation, a console message) have been reported. Live streams
 * (EventSource) stay open while a page is shown and are not waited for; a page that polls settles
 * between two polls. A page with JavaScript off has settled once loaded with no request under
 * way. Playwright's "networkidle" instead waits for 500 ms without any request,
 * every time, and never comes on a page with a stream.
 */
import type { BrowserContext, Page, Request } from "playwright-core";
import { expect } from "vitest";

/** A page's requests still under way, but for live streams and data: URLs. */
export interface Network {
  pending: Set<Request>;
  /** How many requests the page has started so far. */
  started: number;
  /** Stops watching the page. */
  stop(): void;
}

export function watchNetwork(page: Page): Network {
  const onRequest = (request: Request) => {
    if (/^(data|blob):/.test(request.url()) || request.resourceType() === "eventsource") return;
    network.started++;
    network.pending.add(request);
  };
  const onDone = (request: Request) => network.pending.delete(request);
  const network: Network = {
    pending: new Set(),
    started: 0,
    stop() {
      page.off("request", onRequest);
      page.off("requestfinished", onDone);
      page.off("requestfailed", onDone);
    },
  };
  page.on("request", onRequest);
  page.on("requestfinished", onDone);
  page.on("requestfailed", onDone);
  return network;
}

/** Whether the document has loaded and, where React Router's client runs, React has committed the hydrated page. */
function loadedAndHydrated(): boolean {
  if (document.readyState !== "complete") return false;
  if (!("__reactRouterContext" in window)) return true;
  // hydrateRoot(document, …) (app/entry.client.tsx): the root's state says dehydrated until hydration commits.
  const key = Object.keys(document).find((name) => name.startsWith("__reactContainer$"));
  const root = key
    ? (
        document as unknown as Record<
          string,
          { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }
        >
      )[key]
    : undefined;
  return root?.stateNode?.current?.memoizedState?.isDehydrated === false;
}

/** Evaluated in the page after an animation frame and a task: whether it is still loaded and hydrated. */
const afterAFrame = `new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve((${loadedAndHydrated})()), 50)))`;

/**
 * Evaluated in a page that runs scripts: whether it is loaded and hydrated, looking every 20 ms in
 * the page itself for up to a second (one evaluation instead of one per look).
 */
const whenLoaded = `new Promise((resolve) => { const until = Date.now() + 1000; const look = () => ((${loadedAndHydrated})() ? resolve(true) : Date.now() > until ? resolve(false) : setTimeout(look, 20)); look(); })`;

/**
 * The browser contexts made with JavaScript off (tests/support/browser.ts newContext): their pages
 * run no script after loading, and a frame callback or timer evaluated in them never fires.
 */
export const withoutJavaScript = new WeakSet<BrowserContext>();

export async function settled(page: Page, network: Network): Promise<void> {
  const scripts = !withoutJavaScript.has(page.context());
  // A navigation under way replaces the page's context: evaluating in it then throws, and we look again.
  const loaded = () =>
    (scripts ? page.evaluate<boolean>(whenLoaded) : page.evaluate(loadedAndHydrated)).catch(() => false);
  for (;;) {
    await expect.poll(loaded, { timeout: 30_000, interval: 20 }).toBe(true);
    await expect.poll(() => network.pending.size, { timeout: 30_000, interval: 20 }).toBe(0);
    if (!scripts) {
      // Nothing starts a request once such a page has loaded; still loaded, it has settled.
      if ((await loaded()) && network.pending.size === 0) return;
      continue;
    }
    const started = network.started;
    const still = await page.evaluate<boolean>(afterAFrame).catch(() => false);
    if (still && network.started === started && network.pending.size === 0) return;
  }
}
