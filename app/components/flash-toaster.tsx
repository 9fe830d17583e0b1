import { useEffect } from "react";
import { toast as showToast, Toaster } from "sonner";
import { TOAST_SETTINGS } from "~/lib/toast-settings";

/** A flash message from remix-toast (the root loader reads it). */
export interface FlashToast {
  type: "success" | "error" | "info" | "warning";
  message: string;
  description?: string;
}

export interface FlashToasterProps {
  toast: FlashToast | null;
  /** Called once sonner is on the page: the server-rendered message can go. */
  onReady: () => void;
}

/**
 * sonner, with the settings of docs/product.md#toasts-and-router-constants, showing each flash message it is given.
 * Loaded only once a page has a message to show (toasts.tsx, ADR 141).
 */
export default function FlashToaster({ toast, onReady }: FlashToasterProps) {
  // The Toaster below is a child: its effects (its subscription to new toasts) run before this one.
  useEffect(() => {
    if (toast) showToast[toast.type](toast.message, { description: toast.description });
  }, [toast]);
  useEffect(() => onReady(), [onReady]);
  return (
    <Toaster
      position={TOAST_SETTINGS.position}
      duration={TOAST_SETTINGS.durationMs}
      visibleToasts={TOAST_SETTINGS.visibleToasts}
      gap={TOAST_SETTINGS.gapPx}
      hotkey={[...TOAST_SETTINGS.hotkey]}
      style={{ "--width": `${TOAST_SETTINGS.widthPx}px` } as React.CSSProperties}
      richColors
    />
  );
}
