import type { ReactNode } from "react";
import { useMatches } from "react-router";

/**
 * The navbar slot (docs/product.md#navbar-slot). A route sets custom navbar content with
 * `export const handle = { navbar: () => <…/> }`, or clears what a parent set
 * with `handle = { navbar: null }`. The deepest route that says anything wins.
 */
export interface NavbarHandle {
  navbar?: (() => ReactNode) | null;
}

export function useNavbarSlot(): ReactNode {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as NavbarHandle | undefined;
    if (handle && "navbar" in handle) return handle.navbar ? handle.navbar() : null;
  }
  return null;
}
