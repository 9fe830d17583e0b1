/**
 * Radix Themes' stylesheets, split instead of the single styles.css, in the
 * order styles.css has them: the colour scales the screens use, the base
 * tokens, then the components and the layout utilities. The build cuts the
 * last two down to the components and breakpoints the app uses
 * (app/vite/radix-themes-css.ts, ADR 140).
 *
 * Colour scales: indigo (accent) and slate (grey) for the theme, gray for
 * `color="gray"` outside a themed root, and the colours components name:
 * red (errors), green (success, active), amber (warnings), blue (info,
 * closed, teacher), orange, violet and purple (badges).
 */
import "@radix-ui/themes/tokens/colors/indigo.css";
import "@radix-ui/themes/tokens/colors/slate.css";
import "@radix-ui/themes/tokens/colors/gray.css";
import "@radix-ui/themes/tokens/colors/red.css";
import "@radix-ui/themes/tokens/colors/green.css";
import "@radix-ui/themes/tokens/colors/amber.css";
import "@radix-ui/themes/tokens/colors/blue.css";
import "@radix-ui/themes/tokens/colors/orange.css";
import "@radix-ui/themes/tokens/colors/violet.css";
import "@radix-ui/themes/tokens/colors/purple.css";
import "@radix-ui/themes/tokens/base.css";
import "@radix-ui/themes/components.css";
import "@radix-ui/themes/utilities.css";

/** The colour scales imported above, for the test that checks every colour a screen names is among them. */
export const RADIX_COLOR_SCALES = [
  "indigo",
  "slate",
  "gray",
  "red",
  "green",
  "amber",
  "blue",
  "orange",
  "violet",
  "purple",
] as const;
