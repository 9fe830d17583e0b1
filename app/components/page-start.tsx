import pageStartUrl from "virtual:page-start-script";
import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";

/**
 * The feature check and the scroll restoration, one cached classic script
 * (lib/page-start-script.ts): blocking, at the end of `<body>` before
 * React Router's scripts, so it has run before they do. It carries the
 * page's nonce like every `<script>` (docs/security.md).
 */
export function PageStartScript({ nonce }: { nonce: string }) {
  return <script src={pageStartUrl} nonce={nonce} suppressHydrationWarning />;
}

/**
 * The browser half of React Router's `<ScrollRestoration>`: saves the scroll
 * position when the page is left and restores it after a client-side
 * navigation. Its inline script's part is in the page-start script.
 */
export function ScrollPositions() {
  useScrollRestoration();
  return null;
}
