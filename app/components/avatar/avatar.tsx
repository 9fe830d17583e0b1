/**
 * <Avatar name size />: the product's animated avatar (SPEC.md §1).
 *
 * The server renders the static face (./avatar-face.tsx) in a box of exactly `size`
 * pixels, so nothing shifts when the animation takes over. After hydration, once the
 * page is interactive, the Rive chunk and the shared .riv bytes load in parallel
 * (./avatar-loader.ts); the canvas fades in over the face once Rive has drawn it.
 * Without JavaScript, without WebAssembly, on a load error or after
 * AVATAR_LOAD_TIMEOUT_MS without a drawn frame, the static face stays.
 *
 * `data-avatar` on the box tells tests (and curious people) which one is showing:
 * "static" (server render, waiting), "loading", "animated" or "fallback".
 */
import { Component, type ComponentType, type ReactNode, useCallback, useEffect, useState } from "react";
import { AvatarFace } from "./avatar-face";
import {
  AVATAR_LOAD_TIMEOUT_MS,
  AvatarFileError,
  canAnimateAvatar,
  importRiveAvatar,
  loadAvatarFile,
  whenPageInteractive,
} from "./avatar-loader";
import type { RiveAvatarProps } from "./rive-avatar.client";

type Phase = "static" | "loading" | "animated" | "fallback";

type Loaded = { RiveAvatar: ComponentType<RiveAvatarProps>; buffer: ArrayBuffer };

export function Avatar({ name, size = 40 }: { name: string; size?: number }) {
  const [phase, setPhase] = useState<Phase>("static");
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
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
  }, []);

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
