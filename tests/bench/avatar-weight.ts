/**
 * Build check of the avatar's weight: the first-load JavaScript of a page with and
 * without the avatar, and what the avatar loads lazily once the page is interactive.
 * Reads a finished `react-router build` (build/client); the bench harness calls
 * printAvatarWeight().
 *
 * - First load = the entry module, the root route and the page's route modules, with
 *   their static imports, as React Router's browser manifest
 *   (build/client/assets/manifest-*.js) lists them.
 * - Lazy avatar = the rive-avatar.client chunk and the chunks it imports that the page
 *   has not loaded already, plus rive.wasm and orliverse_rive.riv. The fallback WASM
 *   (rive_fallback.wasm) is only fetched if rive.wasm fails, so it is listed apart.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

type RouteEntry = { id: string; module: string; imports?: string[] };
type BrowserManifest = { entry: { module: string; imports: string[] }; routes: Record<string, RouteEntry> };

export type Weight = { files: number; bytes: number; gzipBytes: number };
export type AvatarWeight = {
  pageWithoutAvatar: { routes: string[] } & Weight;
  pageWithAvatar: { routes: string[] } & Weight;
  avatarLazyJs: Weight;
  avatarWasm: Weight;
  avatarFallbackWasm: Weight;
  avatarRiv: Weight;
};

function readBrowserManifest(clientDir: string): BrowserManifest {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}; run \`npx react-router build\` first`);
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as BrowserManifest;
}

function weigh(clientDir: string, urls: Iterable<string>): Weight {
  let files = 0;
  let bytes = 0;
  let gzipBytes = 0;
  for (const url of urls) {
    const content = readFileSync(path.join(clientDir, url));
    files += 1;
    bytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, bytes, gzipBytes };
}

function firstLoad(manifest: BrowserManifest, routeIds: string[]): Set<string> {
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the build's manifest`);
    urls.add(route.module);
    for (const url of route.imports ?? []) urls.add(url);
  }
  return urls;
}

/** A chunk and its static imports (`import … from "./x.js"`, `import "./x.js"`), recursively. */
function staticClosure(clientDir: string, start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const source = readFileSync(path.join(clientDir, url), "utf8");
    for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), match[1]));
    }
  }
  return seen;
}

function routeChain(manifest: BrowserManifest, leaf: string): string[] {
  const chain: string[] = [];
  let id: string | undefined = leaf;
  while (id) {
    chain.unshift(id);
    id = (manifest.routes[id] as RouteEntry & { parentId?: string }).parentId;
  }
  return chain;
}

export function measureAvatarWeight(
  buildDir = "build",
  pages = { withoutAvatar: "routes/auth/login", withAvatar: "routes/home" },
): AvatarWeight {
  const clientDir = path.resolve(buildDir, "client");
  const manifest = readBrowserManifest(clientDir);
  const withoutRoutes = routeChain(manifest, pages.withoutAvatar);
  const withRoutes = routeChain(manifest, pages.withAvatar);
  const withAvatar = firstLoad(manifest, withRoutes);

  const assets = readdirSync(path.join(clientDir, "assets"));
  const riveChunk = assets.find((name) => /^rive-avatar\.client-[\w-]+\.js$/.test(name));
  if (!riveChunk) throw new Error("No rive-avatar.client chunk in the build");
  const lazy = [...staticClosure(clientDir, `/assets/${riveChunk}`)].filter((url) => !withAvatar.has(url));
  const asset = (pattern: RegExp) => assets.filter((name) => pattern.test(name)).map((name) => `/assets/${name}`);
  const riv = path.resolve("public/assets/runtimes/orliverse_rive.riv");
  const rivBytes = readFileSync(riv);

  return {
    pageWithoutAvatar: { routes: withoutRoutes, ...weigh(clientDir, firstLoad(manifest, withoutRoutes)) },
    pageWithAvatar: { routes: withRoutes, ...weigh(clientDir, withAvatar) },
    avatarLazyJs: weigh(clientDir, lazy),
    avatarWasm: weigh(clientDir, asset(/^rive-[\w-]+\.wasm$/)),
    avatarFallbackWasm: weigh(clientDir, asset(/^rive_fallback-[\w-]+\.wasm$/)),
    avatarRiv: { files: 1, bytes: statSync(riv).size, gzipBytes: gzipSync(rivBytes, { level: 9 }).length },
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function printAvatarWeight(buildDir = "build"): AvatarWeight | null {
  let weight: AvatarWeight;
  try {
    weight = measureAvatarWeight(buildDir);
  } catch (error) {
    // Until the shell renders <Avatar> (header, /home) the build has no avatar to weigh.
    console.log(`Avatar weight: not measurable yet (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
  const row = (label: string, w: Weight) =>
    console.log(
      `  ${label.padEnd(44)} ${String(w.files).padStart(3)} files  ${kB(w.bytes).padStart(10)}  ${kB(w.gzipBytes).padStart(9)} gzip`,
    );
  console.log("Avatar weight (first-load JavaScript, from build/client):");
  row(`page without avatar (${weight.pageWithoutAvatar.routes.at(-1)})`, weight.pageWithoutAvatar);
  row(`page with avatar (${weight.pageWithAvatar.routes.at(-1)})`, weight.pageWithAvatar);
  console.log("  Loaded only after the page is interactive, only where an avatar is shown:");
  row("Rive runtime chunks (JS)", weight.avatarLazyJs);
  row("rive.wasm", weight.avatarWasm);
  row("orliverse_rive.riv", weight.avatarRiv);
  row("rive_fallback.wasm (only if rive.wasm fails)", weight.avatarFallbackWasm);
  return weight;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printAvatarWeight(process.argv[2]);
}
