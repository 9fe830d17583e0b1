/**
 * <Avatar name size />: the product's animated avatar (docs/product.md#avatar).
 *
 * The server renders the static face (./avatar-face.tsx) in a box of exactly `size`
 * pixels, so nothing shifts when the animation takes over. After hydration, only where
 * the device wants motion and does not save data (./avatar-loader.ts,
 * deviceWantsAnimation), and once the page is loaded and the browser idle, the Rive
 * chunk and the shared .riv bytes load in parallel; the canvas fades in over the face
 * once Rive has drawn it. Without JavaScript, without WebAssembly, on a load error or
 * after AVATAR_LOAD_TIMEOUT_MS without a drawn frame, the static face stays. Where the
 * page does not offer the animation (a `Save-Data: on` request, ./avatar-animation.tsx)
 * the server renders the face still and nothing is considered.
 *
 * `data-avatar` on the box tells tests (and curious people) which one is showing:
 * "static" (server render, waiting), "still" (by the user's choice: reduced motion,
 * Data Saver or Save-Data), "loading", "animated" or "fallback" (it could not animate).
 */
import { Component, type ComponentType, type ReactNode, useCallback, useEffect, useState } from "react";
import { useAvatarAnimationOffered } from "./avatar-animation";
import { AvatarFace } from "./avatar-face";
import {
  AVATAR_LOAD_TIMEOUT_MS,
  AvatarFileError,
  canAnimateAvatar,
  deviceWantsAnimation,
  loadAvatarFile,
  MOTION_WANTED_QUERY,
  whenPageInteractive,
} from "./avatar-loader";
import type { RiveAvatarProps } from "./rive-avatar.client";

/** The Rive runtime's own chunk, loaded on first use. */
const importRiveAvatar = () => import("./rive-avatar.client");

type Phase = "static" | "still" | "loading" | "animated" | "fallback";

type Loaded = { RiveAvatar: ComponentType<RiveAvatarProps>; buffer: ArrayBuffer };

export function Avatar({ name, size = 40 }: { name: string; size?: number }) {
  const offered = useAvatarAnimationOffered();
  const [phase, setPhase] = useState<Phase>(offered ? "static" : "still");
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!offered) return;
    if (!deviceWantsAnimation()) {
      setPhase("still");
      return;
    }
    if (!canAnimateAvatar()) {
      setPhase("fallback");
      return;
    }
    let active = true;
    const cancelWait = whenPageInteractive(() => {
      setPhase((current) => (current === "static" ? "loading" : current));
      Promise.all([importRiveAvatar(), loadAvatarFile()]).then(
        ([module, buffer]) => {
          if (active) setLoaded({ RiveAvatar: module.default, buffer });
        },
        (error: unknown) => {
          // A failed .riv fetch is logged once in loadAvatarFile; a failed chunk here.
          if (!(error instanceof AvatarFileError)) {
            console.warn("The animated avatar could not be loaded; showing the static one.", error);
          }
          if (active) setPhase("fallback");
        },
      );
    });
    return () => {
      active = false;
      cancelWait();
    };
  }, [offered]);

  // The device starts asking for reduced motion while the page is open: back to the still face.
  useEffect(() => {
    if (!offered || typeof window.matchMedia !== "function") return;
    const motion = window.matchMedia(MOTION_WANTED_QUERY);
    const onChange = () => {
      if (!motion.matches) setPhase("still");
    };
    motion.addEventListener?.("change", onChange);
    return () => motion.removeEventListener?.("change", onChange);
  }, [offered]);

  // No WebAssembly means neither onLoad nor onLoadError ever fires: give up after a while.
  useEffect(() => {
    if (phase !== "loading") return;
    const timer = setTimeout(() => {
      console.warn(
        `The animated avatar did not load within ${AVATAR_LOAD_TIMEOUT_MS / 1000} s; showing the static one.`,
      );
      setPhase("fallback");
    }, AVATAR_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const onReady = useCallback(() => setPhase((current) => (current === "loading" ? "animated" : current)), []);
  const onFail = useCallback(() => setPhase("fallback"), []);

  const animated = phase === "animated";
  const RiveAvatar = loaded?.RiveAvatar;
  return (
    <span
      role="img"
      aria-label={name}
      data-avatar={phase}
      style={{
        position: "relative",
        display: "inline-block",
        flex: "none",
        width: size,
        height: size,
        borderRadius: "50%",
        overflow: "hidden",
        lineHeight: 0,
        verticalAlign: "middle",
      }}
    >
      <span style={{ display: "block", visibility: animated ? "hidden" : "visible" }}>
        <AvatarFace size={size} />
      </span>
      {RiveAvatar && loaded && (phase === "loading" || animated) ? (
        <span
          style={{
            position: "absolute",
            inset: 0,
            opacity: animated ? 1 : 0,
            transition: "opacity 150ms ease-out",
          }}
        >
          <StaticOnError onError={onFail}>
            <RiveAvatar buffer={loaded.buffer} onReady={onReady} onFail={onFail} />
          </StaticOnError>
        </span>
      ) : null}
    </span>
  );
}

/** A render error inside the Rive part falls back to the static face, not the route's error page. */
class StaticOnError extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn("The animated avatar failed; showing the static one.", error);
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
