/**
 * The one classic script every page with the client bundle runs before React
 * Router's own scripts (issue 34): served as a hashed file the browser caches
 * for a year (app/vite/page-start-script.ts builds it), not written into every
 * page's HTML, where the two parts below were 1.2 kB of the class home's 18 kB.
 * It sits at the end of `<body>`, before React Router's inline scripts (which
 * read what the check leaves for them) and its module scripts.
 *
 * - The feature check (lib/browser-support.ts, ADR 142).
 * - The scroll restoration that React Router's `<ScrollRestoration>` writes
 *   inline: on a reload or a way back, the page scrolls to where it was. The
 *   same steps with the same storage key, and no page of ours passes a
 *   `getKey`, so its restore key is always the history entry's. Unlike
 *   React Router's, it never throws: a frame where sessionStorage is refused
 *   (Storyblok's editor, ADR 200) leaves it at the top. The browser half (it
 *   saves the position when the page is left) is React Router's hook, in
 *   components/scroll-positions.tsx.
 */
import { BROWSER_CHECK_SCRIPT } from "./browser-support.ts";

/** React Router's `SCROLL_RESTORATION_STORAGE_KEY`, where its hook keeps the positions. */
export const SCROLL_POSITIONS_KEY = "react-router-scroll-positions";

/** React Router's `restoreScroll(storageKey, null)`, written short. */
export const SCROLL_RESTORE_SCRIPT = `!function(h,k){try{if(!h.state||!h.state.key)h.replaceState({key:Math.random().toString(32).slice(2)},"");var y=JSON.parse(sessionStorage.getItem(k)||"{}")[h.state.key];if(typeof y=="number")scrollTo(0,y)}catch(x){try{sessionStorage.removeItem(k)}catch(z){}}}(history,${JSON.stringify(SCROLL_POSITIONS_KEY)})`;

export const PAGE_START_SCRIPT = `${BROWSER_CHECK_SCRIPT};${SCROLL_RESTORE_SCRIPT}\n`;
