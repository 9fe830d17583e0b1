/**
 * The layout kit: a few typed components that render exactly the markup of
 * their Radix Themes namesakes (the same element, classes and accent
 * attribute), without Radix's per-render prop parsing. On the screens every
 * teacher opens many times a day (the shell, the class area, the students
 * list, results) that parsing was a quarter of the server's rendering time
 * (docs/performance.md, ADR 161).
 *
 * Buttons, links, the callout, the table and the tab navigation are in
 * `kit-controls.tsx`, a module of their own so that a page using only the
 * layout (the sign-in page's logo) does not load them.
 *
 * Use the kit for static layout on hot screens; use Radix Themes itself for
 * anything interactive (dialogs, menus, selects, form controls) and on cold
 * screens (admin, auth). `kit.test.tsx` renders each kit component beside the
 * real Radix component for a table of props and compares the classes, for
 * the pinned `@radix-ui/themes` version in package.json. No other file in
 * `app/` writes a Radix class name (`rt-…`) by hand.
 */
import type { CSSProperties, ReactNode } from "react";

type Space = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
type Breakpoint = "initial" | "xs" | "sm" | "md" | "lg" | "xl";
/** A value, or one per breakpoint (`{ initial: "column", sm: "row" }`), as Radix Themes takes it. */
export type Responsive<T extends string> = T | Partial<Record<Breakpoint, T>>;

/** `rt-r-{prefix}-{value}` for each breakpoint of a responsive prop (`sm:rt-r-fd-row`). */
export function responsive<T extends string>(prefix: string, value: Responsive<T> | undefined, map?: (v: T) => string) {
  if (value === undefined) return [];
  const entries = typeof value === "string" ? [["initial", value] as const] : Object.entries(value);
  return entries.map(([breakpoint, v]) => {
    const name = `rt-r-${prefix}-${map ? map(v as T) : v}`;
    return breakpoint === "initial" ? name : `${breakpoint}:${name}`;
  });
}

export const classes = (...parts: (string | false | undefined | string[])[]) => parts.flat().filter(Boolean).join(" ");

interface Spacing {
  p?: Responsive<Space>;
  px?: Responsive<Space>;
  py?: Responsive<Space>;
  mt?: Responsive<Space>;
  mb?: Responsive<Space>;
}

function spacing({ p, px, py, mt, mb }: Spacing) {
  return [
    ...responsive("p", p),
    ...responsive("px", px),
    ...responsive("py", py),
    ...responsive("mt", mt),
    ...responsive("mb", mb),
  ];
}

interface Common extends Spacing {
  className?: string;
  style?: CSSProperties;
  id?: string;
  children?: ReactNode;
  "aria-label"?: string;
  "aria-labelledby"?: string;
  "aria-describedby"?: string;
  role?: string;
  /** -1 on a skip link's target (`<main id="main">`), so it takes the focus. */
  tabIndex?: number;
  "data-testid"?: string;
  /** "auto" where the element holds only content or user text: it keeps its own direction (issue 36). */
  dir?: "auto" | "ltr" | "rtl";
}

function common({ className, style, id, role, tabIndex, dir, ...rest }: Common) {
  return {
    style,
    id,
    role,
    tabIndex,
    dir,
    "data-testid": rest["data-testid"],
    "aria-label": rest["aria-label"],
    "aria-labelledby": rest["aria-labelledby"],
    "aria-describedby": rest["aria-describedby"],
  };
}

type BoxTag = "div" | "span" | "section" | "header" | "main" | "nav" | "ul" | "li" | "p";

export interface BoxProps extends Common {
  as?: BoxTag;
  grow?: Responsive<"0" | "1">;
}

/** Radix Themes' `<Box>`. */
export function Box({ as: Tag = "div", grow, ...props }: BoxProps) {
  return (
    <Tag className={classes("rt-Box", responsive("fg", grow), spacing(props), props.className)} {...common(props)}>
      {props.children}
    </Tag>
  );
}

export interface FlexProps extends BoxProps {
  /** A CSS length (`"100vh"`), as Radix's `minHeight`. */
  minHeight?: string;
  direction?: Responsive<"row" | "column" | "row-reverse" | "column-reverse">;
  align?: Responsive<"start" | "center" | "end" | "baseline" | "stretch">;
  justify?: Responsive<"start" | "center" | "end" | "between">;
  wrap?: Responsive<"nowrap" | "wrap" | "wrap-reverse">;
  gap?: Responsive<Space>;
}

const justifyName = (value: string) => (value === "between" ? "space-between" : value);

/** Radix Themes' `<Flex>`. */
export function Flex({ as: Tag = "div", direction, align, justify, wrap, gap, grow, minHeight, ...props }: FlexProps) {
  const className = classes(
    "rt-Flex",
    minHeight !== undefined && "rt-r-min-h",
    responsive("fd", direction),
    responsive("ai", align),
    responsive("jc", justify, justifyName),
    responsive("fw", wrap),
    responsive("gap", gap),
    responsive("fg", grow),
    spacing(props),
    props.className,
  );
  const style =
    minHeight === undefined ? props.style : ({ "--min-height": minHeight, ...props.style } as CSSProperties);
  return (
    <Tag className={className} {...common(props)} style={style}>
      {props.children}
    </Tag>
  );
}

/** `<Flex direction="column" gap={gap}>`: the screens' vertical rhythm. */
export function Stack(props: Omit<FlexProps, "direction">) {
  return <Flex direction="column" {...props} />;
}

/** `<Flex align="center" wrap="wrap" gap={gap}>`: a row of things that may wrap. */
export function Row(props: Omit<FlexProps, "align" | "wrap">) {
  return <Flex align="center" wrap="wrap" {...props} />;
}

/**
 * A heading beside its actions: stacked on a phone, one row with the two
 * ends apart from the `sm` breakpoint on (`<Flex direction={{ initial:
 * "column", sm: "row" }} align={{ initial: "start", sm: "center" }}
 * justify="between">`).
 */
export function SplitRow(props: Omit<FlexProps, "direction" | "align" | "justify">) {
  return (
    <Flex
      direction={{ initial: "column", sm: "row" }}
      align={{ initial: "start", sm: "center" }}
      justify="between"
      {...props}
    />
  );
}

/** Radix Themes' `<Grid columns={columns} gap={gap}>`, for column counts written as numbers. */
export function Grid({
  as: Tag = "div",
  columns,
  gap,
  ...props
}: BoxProps & { columns?: Responsive<"1" | "2" | "3" | "4">; gap?: Responsive<Space> }) {
  return (
    <Tag
      className={classes(
        "rt-Grid",
        responsive("gtc", columns),
        responsive("gap", gap),
        spacing(props),
        props.className,
      )}
      {...common(props)}
    >
      {props.children}
    </Tag>
  );
}

export interface CardProps extends Common {
  as?: "div" | "section" | "article" | "li";
  size?: "1" | "2" | "3" | "4" | "5";
}

/** Radix Themes' `<Card>` (surface variant). */
export function Card({ as: Tag = "div", size = "1", ...props }: CardProps) {
  return (
    <Tag
      className={classes("rt-reset rt-BaseCard rt-Card", `rt-r-size-${size}`, "rt-variant-surface", props.className)}
      {...common(props)}
    >
      {props.children}
    </Tag>
  );
}

export type TextSize = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
type Weight = "light" | "regular" | "medium" | "bold";
/** The accent colours the hot screens use; `data-accent-color` picks the scale. */
export type Color = "gray" | "indigo" | "red" | "green" | "amber" | "blue" | "violet" | "orange";

export interface TextProps extends Common {
  as?: "span" | "p" | "div" | "label";
  size?: Responsive<TextSize>;
  weight?: Responsive<Weight>;
  color?: Color;
  htmlFor?: string;
}

/** The classes of a `<Text>` or a `<Heading>`: its own, size, weight, spacing, the caller's. */
function typeClasses(
  base: string,
  size: Responsive<TextSize> | undefined,
  weight: Responsive<Weight> | undefined,
  props: Common,
) {
  return classes(base, responsive("size", size), responsive("weight", weight), spacing(props), props.className);
}

/** Radix Themes' `<Text>`. */
export function Text({ as: Tag = "span", size, weight, color, htmlFor, ...props }: TextProps) {
  return (
    <Tag
      data-accent-color={color}
      htmlFor={Tag === "label" ? htmlFor : undefined}
      className={typeClasses("rt-Text", size, weight, props)}
      {...common(props)}
    >
      {props.children}
    </Tag>
  );
}

export interface HeadingProps extends Common {
  as?: "h1" | "h2" | "h3" | "h4" | "h5" | "h6";
  size?: Responsive<TextSize>;
  weight?: Responsive<Weight>;
  color?: Color;
}

/** Radix Themes' `<Heading>` (an `<h1>` unless `as` says otherwise). */
export function Heading({ as: Tag = "h1", size = "6", weight, color, ...props }: HeadingProps) {
  return (
    <Tag data-accent-color={color} className={typeClasses("rt-Heading", size, weight, props)} {...common(props)}>
      {props.children}
    </Tag>
  );
}

export interface BadgeProps extends Common {
  size?: "1" | "2" | "3";
  radius?: "none" | "small" | "medium" | "large" | "full";
  "aria-hidden"?: boolean;
  variant?: "soft" | "solid" | "surface" | "outline";
  color?: Color;
}

/** Radix Themes' `<Badge>` (a `<span>`). */
export function Badge({ size = "1", variant = "soft", color, radius, ...props }: BadgeProps) {
  return (
    <span
      data-accent-color={color}
      data-radius={radius}
      aria-hidden={props["aria-hidden"]}
      className={classes(
        "rt-reset rt-Badge",
        `rt-r-size-${size}`,
        `rt-variant-${variant}`,
        spacing(props),
        props.className,
      )}
      {...common(props)}
    >
      {props.children}
    </span>
  );
}
