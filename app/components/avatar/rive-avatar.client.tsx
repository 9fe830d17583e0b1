/**
 * The animated avatar: @rive-app/react-canvas drawing the shared .riv bytes.
 *
 * Client-only (the `.client` suffix keeps it out of the server build, and <Avatar>
 * reaches it only through a dynamic import after hydration): the Rive package is
 * CommonJS and breaks server rendering, and its 1.9 MB WASM must not load on pages
 * without an avatar.
 */

import wasmUrl from "@rive-app/canvas/rive.wasm?url";
import fallbackWasmUrl from "@rive-app/canvas/rive_fallback.wasm?url";
import { Alignment, Fit, Layout, RuntimeLoader, useRive } from "@rive-app/react-canvas";
import { useEffect } from "react";
import { AVATAR_ARTBOARD, AVATAR_STATE_MACHINE } from "~/lib/rive/avatar-names";
import { AVATAR_DRAW_TIMER_MS, clampDevicePixelRatio } from "./avatar-loader";

// Self-host the WASM: by default the runtime fetches it from unpkg, and its fallback
// build from jsdelivr. Both URLs point at files Vite copies into build/client/assets.
RuntimeLoader.setWasmUrl(wasmUrl);
RuntimeLoader.setWasmFallbackUrl(fallbackWasmUrl);

const layout = new Layout({ fit: Fit.Contain, alignment: Alignment.Center });

export type RiveAvatarProps = {
  /** The .riv bytes, fetched once per page and shared by every avatar. */
  buffer: ArrayBuffer;
  /** The artboard is drawn and the idle loop runs. */
  onReady: () => void;
  /** Loading failed; the caller keeps the static avatar. */
  onFail: () => void;
};

export default function RiveAvatar({ buffer, onReady, onFail }: RiveAvatarProps) {
  const hasSource = buffer instanceof ArrayBuffer;

  const { rive, RiveComponent } = useRive(
    hasSource
      ? {
          buffer,
          artboard: AVATAR_ARTBOARD,
          stateMachine: AVATAR_STATE_MACHINE,
          // Only mounted where the device wants motion (<Avatar> checks before loading).
          autoplay: true,
          layout,
          shouldDisableRiveListeners: true,
          onLoad: () => onReady(),
          onLoadError: (event) => {
            // The runtime's own texts (docs/product.md#avatar): 'The file failed to load',
            // 'Invalid artboard name or no default artboard', or
            // 'Rive source file or data buffer required'.
            console.error(String(event.data));
            onFail();
          },
        }
      : null,
    // docs/product.md#avatar: device pixel ratio clamped between 1 and 3.
    { customDevicePixelRatio: clampDevicePixelRatio(window.devicePixelRatio) },
  );

  useEffect(() => {
    if (hasSource) return;
    // Never expected: <Avatar> renders this only once the bytes have arrived.
    console.error("Rive source file or data buffer required");
    onFail();
  }, [hasSource, onFail]);

  // docs/product.md#avatar: the clamped ratio holds for the drawing surface too. The
  // runtime sizes it itself with the raw window.devicePixelRatio when it first draws
  // and when the canvas comes back from display: none (a 4x screen drew a 160 px
  // backing store for a 40 px avatar): every such resize takes the clamped ratio.
  useEffect(() => {
    if (!rive) return;
    const resize = rive.resizeDrawingSurfaceToCanvas.bind(rive);
    rive.resizeDrawingSurfaceToCanvas = (ratio?: number) =>
      resize(clampDevicePixelRatio(ratio ?? window.devicePixelRatio));
    rive.resizeDrawingSurfaceToCanvas();
  }, [rive]);

  // docs/product.md#avatar, "draw timer reset every 5 s": every 5 s, while the page is
  // visible, a paused or stopped instance is set playing again, so the idle loop
  // recovers after the runtime pauses it (tab switches, a settled state machine).
  useEffect(() => {
    if (!rive) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && !rive.isPlaying) rive.play(AVATAR_STATE_MACHINE);
    }, AVATAR_DRAW_TIMER_MS);
    return () => clearInterval(timer);
  }, [rive]);

  return <RiveComponent aria-hidden="true" />;
}
