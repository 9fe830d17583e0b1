/**
 * Loading the animated avatar, shared by every <Avatar> on the page. Browser-only code
 * with no import of the Rive runtime, so it is safe in the main bundle.
 *
 * - The .riv file is fetched ONCE per page load: one module-level promise whose
 *   ArrayBuffer every avatar passes to its own Rive instance (the runtime copies the
 *   bytes into WASM memory, so sharing the buffer is safe).
 * - The Rive runtime (./rive-avatar.client.tsx, which pulls in @rive-app/react-canvas
 *   and the self-hosted WASM URL) is a separate chunk, imported on first use by
 *   ./avatar.tsx (never from here: the runtime imports this module's constants).
 */
import { AVATAR_RIV_URL } from "~/lib/rive/avatar-names";

/** Give up on the animation (and keep the static face) after this long. */
export const AVATAR_LOAD_TIMEOUT_MS = 4000;

/** docs/product.md#avatar: "draw timer reset every 5 s". */
export const AVATAR_DRAW_TIMER_MS = 5000;

/** docs/product.md#avatar: device pixel ratio clamped between 1 and 3. */
export function clampDevicePixelRatio(ratio: number | undefined): number {
  if (typeof ratio !== "number" || !Number.isFinite(ratio)) return 1;
  return Math.min(3, Math.max(1, ratio));
}

/** Rive needs WebAssembly and a canvas; without them the static avatar stays. */
export function canAnimateAvatar(): boolean {
  return (
    typeof window !== "undefined" && typeof WebAssembly === "object" && typeof WebAssembly.instantiate === "function"
  );
}

/** Matches only where the device asks for motion: not with "reduce", nor where the feature is unknown. */
export const MOTION_WANTED_QUERY = "(prefers-reduced-motion: no-preference)";

/**
 * The device wants the animation: it asks for motion
 * (`prefers-reduced-motion: no-preference`) and does not ask to save data
 * (`navigator.connection.saveData`, Data Saver). Otherwise the static face
 * stays and neither the Rive runtime, its 0.8 MB WASM nor the .riv is fetched.
 */
export function deviceWantsAnimation(): boolean {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return false;
  if (!window.matchMedia(MOTION_WANTED_QUERY).matches) return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData !== true;
}

let avatarFile: Promise<ArrayBuffer> | undefined;

/** The .riv could not be fetched (already logged as 'Failed to load Rive file'). */
export class AvatarFileError extends Error {}

/** The .riv bytes, fetched once; a failure is logged once and shared by all avatars. */
export function loadAvatarFile(): Promise<ArrayBuffer> {
  avatarFile ??= fetch(AVATAR_RIV_URL)
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
      return response.arrayBuffer();
    })
    .catch((error: unknown) => {
      // docs/product.md#avatar: avatar file load failure.
      console.error("Failed to load Rive file", error);
      throw new AvatarFileError("Failed to load Rive file", { cause: error });
    });
  return avatarFile;
}

/**
 * Runs `start` once the page is interactive: after the load event and then when the
 * browser is idle (or after a short delay where requestIdleCallback is missing), so the
 * Rive chunk, WASM and .riv never compete with the page's own scripts. No deadline is
 * given to requestIdleCallback: on a busy old computer the animation waits, it never
 * interrupts. Returns a function that cancels the wait.
 */
export function whenPageInteractive(start: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timeoutHandle: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function") {
      idleHandle = window.requestIdleCallback(() => !cancelled && start());
    } else {
      timeoutHandle = setTimeout(() => !cancelled && start(), 50);
    }
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", schedule);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timeoutHandle !== undefined) clearTimeout(timeoutHandle);
  };
}
