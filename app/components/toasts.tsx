import { Callout } from "@radix-ui/themes";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
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
  const message = flashed ? t(flashed.message) : "";
  const toast = useMemo(() => (flashed ? { ...flashed, message } : null), [flashed, message]);
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
