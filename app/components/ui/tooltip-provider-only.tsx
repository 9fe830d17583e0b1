/**
 * Stands in for @radix-ui/react-tooltip in the build (vite.config.ts, ADR 141).
 *
 * Radix Themes' <Theme> wraps every page in Tooltip.Provider, and that one
 * import pulled the whole tooltip with its positioning engine (Popper and
 * floating-ui, about 10 kB gzip) into every page's first load. The app shows
 * no tooltip, so the provider has nothing to provide: here it renders its
 * children and nothing else. The tooltip's other parts fail loudly if a
 * screen ever renders one (app/styles/radix-themes.test.ts also refuses a
 * Tooltip import): remove the alias to use tooltips.
 */
import type { ReactNode } from "react";

export function TooltipProvider({ children }: { children?: ReactNode }) {
  return children;
}

function notBundled(part: string): never {
  throw new Error(`Tooltip ${part}: Radix's tooltip is not in this build (vite.config.ts, ADR 141)`);
}

export function Tooltip(): never {
  return notBundled("Root");
}
export function TooltipTrigger(): never {
  return notBundled("Trigger");
}
export function TooltipPortal(): never {
  return notBundled("Portal");
}
export function TooltipContent(): never {
  return notBundled("Content");
}
export function TooltipArrow(): never {
  return notBundled("Arrow");
}
export const createTooltipScope = () => () => ({});
export {
  Tooltip as Root,
  TooltipArrow as Arrow,
  TooltipContent as Content,
  TooltipPortal as Portal,
  TooltipProvider as Provider,
  TooltipTrigger as Trigger,
};
