/**
 * The layout kit's buttons, links, callout, table and tab navigation (see
 * kit.tsx): Radix Themes' markup without its prop parsing, checked against
 * Radix by kit.test.tsx. Form controls (selects, checkboxes, and text fields
 * outside the hot screens) are Radix Themes' own.
 */
import type { ReactNode } from "react";
import { Link as RouterLink, type LinkProps as RouterLinkProps } from "react-router";
import { type Color, classes, type Responsive, responsive, type TextSize } from "./kit";

type ButtonVariant = "solid" | "soft" | "ghost" | "outline" | "surface";

function buttonClasses(variant: ButtonVariant, size: "1" | "2" | "3" | "4", className?: string) {
  return classes("rt-reset rt-BaseButton", `rt-r-size-${size}`, `rt-variant-${variant}`, "rt-Button", className);
}

/** `<Button asChild><Link to=…/></Button>`: a link that looks like a button. The accent is the theme's unless `color` says. */
export function ButtonLink({
  variant = "solid",
  size = "2",
  color,
  className,
  ...link
}: RouterLinkProps & { variant?: ButtonVariant; size?: "1" | "2" | "3" | "4"; color?: Color }) {
  return <RouterLink data-accent-color={color ?? ""} className={buttonClasses(variant, size, className)} {...link} />;
}

/** `<Button asChild><a href=… download/></Button>`: a download that looks like a button. */
export function ButtonAnchor({
  variant = "solid",
  size = "2",
  color,
  className,
  ...anchor
}: React.AnchorHTMLAttributes<HTMLAnchorElement> & {
  variant?: ButtonVariant;
  size?: "1" | "2" | "3" | "4";
  color?: Color;
}) {
  return <a data-accent-color={color ?? ""} className={buttonClasses(variant, size, className)} {...anchor} />;
}

/** Radix Themes' `<Callout.Root size="2" variant="soft">` with one `<Callout.Text>`: a note beside the content. */
export function Callout({
  color,
  role,
  children,
}: {
  color?: Color;
  role?: "note" | "status" | "alert";
  children: ReactNode;
}) {
  return (
    <div data-accent-color={color} role={role} className="rt-CalloutRoot rt-r-size-2 rt-variant-soft">
      <p className="rt-Text rt-r-size-2 rt-CalloutText">{children}</p>
    </div>
  );
}

/** Radix Themes' `<Button>` on a plain `<button>` (a form's submit). */
export function Button({
  variant = "solid",
  size = "2",
  color,
  className,
  type = "button",
  ...button
}: React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: "1" | "2" | "3" | "4";
  color?: Color;
}) {
  return (
    <button
      data-accent-color={color ?? ""}
      className={buttonClasses(variant, size, className)}
      type={type}
      {...button}
    />
  );
}

/**
 * Radix Themes' `<TextField.Root>` (surface variant) on a plain `<input>`:
 * a small form on a hot screen (the class code's expiry) without loading
 * Radix's text-field module into the screen's first load. Its `style` and
 * `className` go on the wrapper, the rest on the input, as with Radix.
 */
export function TextInput({
  size = "2",
  style,
  className,
  ...input
}: Omit<React.InputHTMLAttributes<HTMLInputElement>, "size"> & { size?: "1" | "2" | "3" }) {
  return (
    <div style={style} className={classes("rt-TextFieldRoot", `rt-r-size-${size}`, "rt-variant-surface", className)}>
      <input spellCheck="false" {...input} className="rt-reset rt-TextFieldInput" />
    </div>
  );
}

/**
 * How a text link is underlined: `auto` on hover, as Radix's default; `always`
 * inside running text, where colour alone must not tell it apart (WCAG 1.4.1).
 */
type Underline = "auto" | "always";

/** `<Link asChild><RouterLink to=…/></Link>` (Radix's text link): the one in-app text link (ADR 226). */
export function TextLink({
  color,
  size,
  weight,
  underline = "auto",
  className,
  ...link
}: RouterLinkProps & {
  color?: Color;
  size?: Responsive<TextSize>;
  weight?: "regular" | "medium" | "bold";
  underline?: Underline;
}) {
  return (
    <RouterLink
      data-accent-color={color ?? ""}
      className={classes(
        "rt-Text rt-reset rt-Link",
        responsive("size", size),
        weight && `rt-r-weight-${weight}`,
        `rt-underline-${underline}`,
        className,
      )}
      {...link}
    />
  );
}

/** `<Link href=…>` (Radix's text link) on a plain `<a>`: a `mailto:` or `tel:` link, a download. */
export function TextAnchor({
  color,
  underline = "auto",
  className,
  ...anchor
}: React.AnchorHTMLAttributes<HTMLAnchorElement> & { color?: Color; underline?: Underline }) {
  return (
    <a
      data-accent-color={color ?? ""}
      className={classes("rt-Text rt-reset rt-Link", `rt-underline-${underline}`, className)}
      {...anchor}
    />
  );
}

/**
 * Radix Themes' `<Table.Root>` without its ScrollArea: the ScrollArea puts a
 * `<style>` element inside the table's `<div>`, which HTML does not allow
 * outside `<head>` (html-validate's element-permitted-content). Same classes,
 * so the same look; the wrapper scrolls sideways by itself. Use Radix's
 * `Table.Header`, `Table.Row`, `Table.Cell` … inside, as with `Table.Root`.
 */
export function TableRoot({
  variant = "surface",
  size = "2",
  children,
}: {
  variant?: "surface" | "ghost";
  size?: "1" | "2" | "3";
  children: ReactNode;
}) {
  return (
    <div
      className={classes("rt-TableRoot", `rt-r-size-${size}`, `rt-variant-${variant}`)}
      style={{ overflowX: "auto" }}
    >
      <table className="rt-TableRootTable">{children}</table>
    </div>
  );
}

/** Radix Themes' `<TabNav.Root>` markup as plain links: a `<nav>` with a list of `TabNavLink`s. */
export function TabNav({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <nav aria-label={label} className="rt-TabNavRoot">
      <ul className={classes("rt-reset rt-BaseTabList rt-TabNavList rt-r-size-2", className)}>{children}</ul>
    </nav>
  );
}

/** One tab of `TabNav` (Radix's `<TabNav.Link asChild active>`), the current page marked for the reader too. */
export function TabNavLink({ to, active, children }: { to: string; active: boolean; children: string }) {
  return (
    <li className="rt-TabNavItem">
      <RouterLink
        to={to}
        className="rt-reset rt-BaseTabListTrigger rt-TabNavLink"
        aria-current={active ? "page" : undefined}
        data-active={active ? "" : undefined}
      >
        <span className="rt-BaseTabListTriggerInner rt-TabNavLinkInner">{children}</span>
        <span className="rt-BaseTabListTriggerInnerHidden rt-TabNavLinkInnerHidden">{children}</span>
      </RouterLink>
    </li>
  );
}
