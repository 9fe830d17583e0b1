import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { browserCanRunApp } from "./lib/browser-support";
import { loadAsDocument, withDataRetries } from "./lib/data-retry";
import { loadCatalogues } from "./lib/i18n/page-translations";

const RELOADED_KEY = "orliverse:reloaded-after-chunk-error";

/**
 * The tab's sessionStorage, or null where the browser denies it: a page
 * framed by another site (Storyblok's editor, ADR 200) in a browser that
 * blocks third-party storage throws on the mere access.
 */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The client starts only where the check (the page-start script) found every
 * feature the bundle uses (lib/browser-support.ts, ADR 142). Anywhere else
 * nothing hydrates, and the server-rendered page stays: the no-JS product,
 * whole, rather than a page that stops half-way.
 */
if (browserCanRunApp()) {
  /**
   * docs/product.md#toasts-and-router-constants: a failed dynamic module load (a new deploy replaced the
   * chunks) reloads the page once. The flag stops a reload loop when the
   * chunk is really gone; it is cleared once a page loads cleanly.
   */
  const storage = tabStorage();
  window.addEventListener("vite:preloadError", (event) => {
    // Without storage there is no flag to stop a reload loop: no reload.
    if (!storage || storage.getItem(RELOADED_KEY)) return;
    event.preventDefault();
    storage.setItem(RELOADED_KEY, String(Date.now()));
    window.location.reload();
  });
  window.addEventListener("load", () => {
    setTimeout(() => storage?.removeItem(RELOADED_KEY), 10_000);
  });

  // A screen's data request that fails on the way is sent again (lib/data-retry.ts).
  const origin = window.location.origin;
  window.fetch = withDataRetries(window.fetch.bind(window), origin, loadAsDocument(origin));

  // The page's message catalogues first (the root preloads them, page-translations.ts): the first render must
  // read as the server's. Where one cannot be had, nothing hydrates and the server-rendered page stays.
  const catalogues = [...document.querySelectorAll("link[data-catalogue]")].map(
    (link) => link.getAttribute("href") ?? "",
  );
  loadCatalogues(catalogues).then(
    () =>
      startTransition(() => {
        hydrateRoot(
          document,
          <StrictMode>
            <HydratedRouter />
          </StrictMode>,
        );
      }),
    (error: unknown) => console.warn("The page's messages could not be loaded; it stays as the server sent it.", error),
  );
}
