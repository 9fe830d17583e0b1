/**
 * Radix Themes' own class names, for plain elements in the screens' long,
 * server-rendered lists (students and their contacts, the class tabs, the
 * class home's cards). Each Radix Themes component parses every one of its
 * layout props on every render; on the class screens that was a quarter of
 * the server's rendering time (docs/performance.md). Plain elements with the
 * same classes render the same markup and look, without that cost. Use the
 * components everywhere else.
 */
type Size = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type Gap = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** `<Flex direction="column" gap={gap}>` */
export const stack = (gap: Gap, extra = "") => `rt-Flex rt-r-fd-column rt-r-gap-${gap}${extra ? ` ${extra}` : ""}`;

/** `<Flex gap={gap} align="center">` (a row that may wrap). */
export const row = (gap: Gap, extra = "") =>
  `rt-Flex rt-r-ai-center rt-r-fw-wrap rt-r-gap-${gap}${extra ? ` ${extra}` : ""}`;

/** `<Flex justify="between" direction={{ initial: "column", sm: "row" }} align={{ initial: "start", sm: "center" }}>` */
export const splitRow = (gap: Gap) =>
  `rt-Flex rt-r-fd-column sm:rt-r-fd-row rt-r-ai-start sm:rt-r-ai-center rt-r-jc-space-between rt-r-gap-${gap}`;

/** `<Card size={size}>` */
export const card = (size: 1 | 2 | 3, extra = "") =>
  `rt-reset rt-BaseCard rt-Card rt-r-size-${size} rt-variant-surface${extra ? ` ${extra}` : ""}`;

/** `<Heading size={size}>` */
export const heading = (size: Size, extra = "") => `rt-Heading rt-r-size-${size}${extra ? ` ${extra}` : ""}`;

/** `<Text size={size}>`; add `data-accent-color="gray"` for `color="gray"`. */
export const text = (size: Size, extra = "") => `rt-Text rt-r-size-${size}${extra ? ` ${extra}` : ""}`;

/** `<Link>` (Radix), on an `<a>` or React Router's `<Link>`, with `data-accent-color=""` (its colour comes from that attribute). */
export const link = "rt-Text rt-reset rt-Link rt-underline-auto";

/** `<Link underline="always">`: a link inside running text, told apart by more than its colour (WCAG 1.4.1). */
export const linkInText = "rt-Text rt-reset rt-Link rt-underline-always";

/** `<Button variant={variant} size={size}>`, on a link or a button; colour with `data-accent-color`. */
export const button = (variant: "solid" | "soft" | "ghost", size: 1 | 2 | 3 = 2) =>
  `rt-reset rt-BaseButton rt-r-size-${size} rt-variant-${variant} rt-Button`;

/** `<Badge size={size}>` (soft); colour with `data-accent-color`. */
export const badge = (size: 1 | 2 = 1) => `rt-reset rt-Badge rt-r-size-${size} rt-variant-soft`;

/** `<Grid columns={{ initial: "1", [from]: "2" }} gap={gap}>`: one column, two from the breakpoint on. */
export const twoColumns = (from: "sm" | "md", gap: Gap) => `rt-Grid rt-r-gtc-1 ${from}:rt-r-gtc-2 rt-r-gap-${gap}`;
