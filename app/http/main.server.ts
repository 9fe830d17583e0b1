/**
 * The server build's entry (vite.config.ts): `node build/server/index.js`
 * starts the server (app/http/server.server.ts). Production mode unless
 * NODE_ENV says otherwise, as react-router-serve did, and set before anything
 * loads React, which picks its development or production build by it.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";

function isMainModule(): boolean {
  const script = process.argv[1];
  return Boolean(script) && import.meta.url === pathToFileURL(path.resolve(script)).href;
}

/**
 * The app without HTTP, for tools that call React Router's handler in a loop
 * (tests/bench/profile.ts): the build inside this bundle, a context as the
 * Express entry gives each request, and `handle`, which answers a request
 * through the same split of the build as the Express entry.
 */
export async function inProcessApp(env: NodeJS.ProcessEnv = process.env) {
  return (await import("./server.server")).inProcessApp(env);
}

if (isMainModule()) {
  const { runServer } = await import("./server.server");
  await runServer({ clientDirectory: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client") });
}
