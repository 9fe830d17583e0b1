/** docs/product.md#toasts-and-router-constants: the toast constants, in one place for the Toaster. */
export const TOAST_SETTINGS = {
  durationMs: 4000,
  visibleToasts: 3,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 45,
  position: "bottom-right",
  hotkey: ["altKey", "KeyT"],
} as const;
