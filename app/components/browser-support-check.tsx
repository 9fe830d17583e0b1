import { BROWSER_CHECK_SCRIPT } from "~/lib/browser-support";

/**
 * The inline feature check (lib/browser-support.ts, ADR 142). A classic
 * script in <head>: it runs before any module script, which are async.
 */
export function BrowserSupportCheck({ nonce }: { nonce: string }) {
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own code, no user input
      dangerouslySetInnerHTML={{ __html: BROWSER_CHECK_SCRIPT }}
    />
  );
}
