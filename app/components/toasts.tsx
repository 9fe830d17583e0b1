import { Callout } from "@radix-ui/themes";
import { lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { UNSAFE_DataRouterContext, useLocation } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import type { FlashToast, FlashToasterProps } from "./flash-toaster";

/** sonner, loaded with the first message a page has to show; nothing when it cannot load (the message stays below). */
const FlashToaster = lazy(
  (): Promise<{ default: React.ComponentType<FlashToasterProps> }> =>
    import("./flash-toaster").catch(() => ({ default: () => null })),
);

/**
 * Flash messages from remix-toast. Without JavaScript, a server-rendered
 * status region shows them. With it, sonner shows them with the settings of
 * docs/product.md#toasts-and-router-constants; sonner is loaded only once there is a message (ADR 141), and the
 * status region stays until sonner is there.
 */
export function Toasts({ toast: flashed }: { toast: FlashToast | null }) {
  // A message made in English (a domain rule's refusal) is a catalogue key: said in the page's language here (ADR 227).
  const { t } = useTranslation("staff");
  const shown = useHeldFlash(flashed);
  const message = shown ? t(shown.message) : "";
  const toast = useMemo(() => (shown ? { ...shown, message } : null), [shown, message]);
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState(false);
  const [toasterReady, setToasterReady] = useState(false);
  const onReady = useCallback(() => setToasterReady(true), []);
  if (hydrated && toast && !wanted) setWanted(true);
  return (
    <>
      {!toasterReady && toast ? (
        <div className="server-toast" role="status" aria-live="polite">
          <Callout.Root color={toast.type === "error" ? "red" : toast.type === "success" ? "green" : "blue"}>
            <Callout.Text>
              {toast.message}
              {toast.description ? ` ${toast.description}` : null}
            </Callout.Text>
          </Callout.Root>
        </div>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <FlashToaster toast={toast} onReady={onReady} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The flash message this page got, held until the page is left. The root loader reads it once (its
 * cookie goes), so the page's next data (a live change, a fetcher's revalidation) has none; and
 * React Router renders its states in a transition, where a state with the message and the next one
 * without it may render as one. So the message is taken from the router's own updates, every one of
 * them, not only from what was rendered, and shown while the page it came with is shown.
 */
function useHeldFlash(flashed: FlashToast | null): FlashToast | null {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const { key } = useLocation();
  // `rendered`: its page has been shown; leaving that page (a new location) lets the message go.
  const [held, setHeld] = useState({ flash: flashed, key, rendered: true });
  if (flashed && flashed !== held.flash) setHeld({ flash: flashed, key, rendered: true });
  else if (held.flash && held.key === key && !held.rendered) setHeld({ ...held, rendered: true });
  else if (held.flash && held.rendered && held.key !== key) setHeld({ flash: null, key, rendered: true });
  useEffect(() => {
    if (!router) return;
    let last = flashOf(router.state);
    return router.subscribe((state) => {
      const flash = flashOf(state);
      if (flash && flash !== last) setHeld({ flash, key: state.location.key, rendered: false });
      last = flash;
    });
  }, [router]);
  return flashed ?? (held.key === key ? held.flash : null);
}

function flashOf(state: { loaderData: Record<string, unknown> }): FlashToast | null {
  return (state.loaderData.root as { toast?: FlashToast } | undefined)?.toast ?? null;
}
