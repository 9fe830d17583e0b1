/**
 * Which browsers get the JavaScript product (ADR 142).
 *
 * Every page works without JavaScript. The client bundle adds dialogs,
 * toasts and pending states, but only where the browser has everything the
 * bundle uses: otherwise hydration could stop half-way and leave a dialog
 * that opens but cannot submit, or the error panel. So a small classic script
 * (lib/page-start-script.ts, a cached file since issue 34) tests the features
 * below before any module runs and leaves its verdict in `window.__orliverseEnhance`; the
 * client entry hydrates only when it is true. Everywhere else the page stays
 * the server-rendered page, which is the no-JS product.
 *
 * The list is what the built client actually uses (checked by
 * tests/e2e/old-browsers.test.ts, which scans the build): add a feature here
 * when new code or a new dependency needs one. Features older than every
 * browser that passes these checks need no entry (globalThis, Promise.allSettled,
 * ResizeObserver, AbortController, dynamic import…).
 */

export interface BrowserFeature {
  /** What it is, for people. */
  name: string;
  /** A JavaScript expression, true where the feature is there. */
  test: string;
  /** Which part of the bundle needs it. */
  neededBy: string;
  /** The first versions that have it (MDN), which set the build's JavaScript target. */
  since: { chrome: number; edge: number; firefox: number; safari: number };
}

export const REQUIRED_BROWSER_FEATURES: BrowserFeature[] = [
  {
    name: "ES modules",
    test: `"noModule" in HTMLScriptElement.prototype`,
    neededBy: "every script: the client is module scripts",
    since: { chrome: 61, edge: 16, firefox: 60, safari: 11 },
  },
  {
    name: "Array.prototype.at",
    test: `typeof Array.prototype.at == "function"`,
    neededBy: "conform (the staff screens' forms)",
    since: { chrome: 92, edge: 92, firefox: 90, safari: 15.4 },
  },
  {
    name: "Object.hasOwn",
    test: `typeof Object.hasOwn == "function"`,
    neededBy: "react-markdown (the survey preview)",
    since: { chrome: 93, edge: 93, firefox: 92, safari: 15.4 },
  },
  {
    name: "TextEncoderStream",
    test: `typeof TextEncoderStream == "function"`,
    neededBy: "React Router: the page's data reaches hydration through a stream",
    since: { chrome: 71, edge: 79, firefox: 105, safari: 14.1 },
  },
];

/** The global the check sets, and the client entry reads. */
export const ENHANCE_FLAG = "__orliverseEnhance";

declare global {
  interface Window {
    [ENHANCE_FLAG]?: boolean;
  }
}

/**
 * Where the page stays server-rendered because TextEncoderStream is missing,
 * React Router's own inline scripts (which hand the page's data to
 * hydration: `new ReadableStream(…).pipeThrough(new TextEncoderStream())`,
 * then `streamController.enqueue(…)`) would throw. Inert stand-ins let them
 * run to the end without an error; no module of ours runs on such a page.
 * Written short (`w` is window, `e` the verdict, `n` a no-op): it is in every
 * enhanced page's HTML (issue 34).
 */
const INERT_STREAMS = `if(!e&&typeof TextEncoderStream!="function"){var n=function(){};w.TextEncoderStream=n;w.ReadableStream=function(o){o&&o.start&&o.start({enqueue:n,close:n,error:n})};w.ReadableStream.prototype.pipeThrough=function(){return this}}`;

/** The check: one classic script, run before any module script; it adds no global but the flag. */
export const BROWSER_CHECK_SCRIPT = `!function(w,e){try{e=${REQUIRED_BROWSER_FEATURES.map(
  (feature) => `(${feature.test})`,
).join("&&")}}catch(x){e=!1}w.${ENHANCE_FLAG}=e;${INERT_STREAMS}}(window)`;

/** The oldest versions that pass every check: the build's JavaScript target (vite.config.ts). */
export function enhancedBrowserTargets(features: BrowserFeature[] = REQUIRED_BROWSER_FEATURES): string[] {
  const engines = ["chrome", "edge", "firefox", "safari"] as const;
  return engines.map((engine) => `${engine}${Math.max(...features.map((feature) => feature.since[engine]))}`);
}

/** True when the check ran and passed. */
export function browserCanRunApp(): boolean {
  return typeof window !== "undefined" && window[ENHANCE_FLAG] === true;
}
