/**
 * The supported browsers (package.json "browserslist", ADR 142) as the
 * build's CSS target: the oldest version of each engine, in the form Vite
 * takes ("chrome79", "ios12.2"). The CSS minifier then adds what those
 * versions need (prefixes, older syntax) where it can.
 *
 * The JavaScript target is narrower: only browsers that pass the inline
 * feature check run any script (app/lib/browser-support.ts).
 */
import browserslist from "browserslist";

const ENGINES: Record<string, string> = {
  chrome: "chrome",
  edge: "edge",
  firefox: "firefox",
  safari: "safari",
  ios_saf: "ios",
};

export function supportedBrowserTargets(root = process.cwd()): string[] {
  const oldest = new Map<string, number>();
  for (const entry of browserslist(undefined, { path: root })) {
    const [name, versions] = entry.split(" ");
    const engine = ENGINES[name];
    if (!engine) continue;
    const version = Number.parseFloat(versions.split("-")[0]);
    if (!oldest.has(engine) || version < oldest.get(engine)!) oldest.set(engine, version);
  }
  return [...oldest].map(([engine, version]) => `${engine}${version}`);
}
