import { Callout } from "@radix-ui/themes";
import { useEffect } from "react";
import { toast as showToast, Toaster } from "sonner";
import { TOAST_SETTINGS } from "~/lib/toast-settings";
import { useHydrated } from "~/lib/use-hydrated";

export interface FlashToast {
  type: "success" | "error" | "info" | "warning";
  message: string;
  description?: string;
}

/**
 * Flash messages from remix-toast. With JavaScript, sonner shows them with
 * SPEC.md §9's settings; without it, a server-rendered status region does.
 */
export function Toasts({ toast }: { toast: FlashToast | null }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (toast) showToast[toast.type](toast.message, { description: toast.description });
  }, [toast]);
  return (
    <>
      {!hydrated && toast ? (
        <div className="server-toast" role="status" aria-live="polite">
          <Callout.Root color={toast.type === "error" ? "red" : toast.type === "success" ? "green" : "blue"}>
            <Callout.Text>
              {toast.message}
              {toast.description ? ` ${toast.description}` : null}
            </Callout.Text>
          </Callout.Root>
        </div>
      ) : null}
      <Toaster
        position={TOAST_SETTINGS.position}
        duration={TOAST_SETTINGS.durationMs}
        visibleToasts={TOAST_SETTINGS.visibleToasts}
        gap={TOAST_SETTINGS.gapPx}
        hotkey={[...TOAST_SETTINGS.hotkey]}
        style={{ "--width": `${TOAST_SETTINGS.widthPx}px` } as React.CSSProperties}
        richColors
      />
    </>
  );
}
