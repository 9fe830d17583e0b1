/**
 * The app's root Radix Theme, rendered directly: the same element and the
 * same context value that `<Theme accentColor="indigo" grayColor="slate"
 * radius="medium" scaling="100%">` renders at the root, without its runtime
 * theme switching (six pieces of state, their effects and a memo on every
 * render). Measured (npm run bench:profile, docs/performance.md): Radix's root
 * `<Theme>` cost 30-90 µs of server time per page, this one under 10 µs.
 *
 * Radix Themes' portalled parts (Dialog, Popover, DropdownMenu content) wrap
 * themselves in a nested `<Theme>`, which reads this context, so they look
 * the same. What is left out: the root `<Theme>`'s Tooltip provider (the app
 * has no Tooltip; add `Tooltip.Provider` from radix-ui here before using
 * one), and the `on…Change` setters (nothing here changes the theme at runtime).
 *
 * The page's writing direction (right to left in Arabic, ADR 216) goes to
 * Radix's Direction provider, as the root `<Theme dir>` would: menus, sliders
 * and roving focus follow it.
 */
import { DirectionProvider } from "@radix-ui/react-direction";
import { ThemeContext } from "@radix-ui/themes/components/theme";
import type { ReactNode } from "react";

const unchanging = () => {};

const THEME = {
  appearance: "inherit",
  accentColor: "indigo",
  grayColor: "slate",
  resolvedGrayColor: "slate",
  panelBackground: "translucent",
  radius: "medium",
  scaling: "100%",
  onAppearanceChange: unchanging,
  onAccentColorChange: unchanging,
  onGrayColorChange: unchanging,
  onPanelBackgroundChange: unchanging,
  onRadiusChange: unchanging,
  onScalingChange: unchanging,
} as const;

export function ThemeRoot({ children, dir = "ltr" }: { children: ReactNode; dir?: "ltr" | "rtl" }) {
  return (
    <DirectionProvider dir={dir}>
      <ThemeContext.Provider value={THEME}>
        <div
          data-is-root-theme="true"
          data-accent-color={THEME.accentColor}
          data-gray-color={THEME.resolvedGrayColor}
          data-has-background="true"
          data-panel-background={THEME.panelBackground}
          data-radius={THEME.radius}
          data-scaling={THEME.scaling}
          className="radix-themes"
        >
          {children}
        </div>
      </ThemeContext.Provider>
    </DirectionProvider>
  );
}
