/**
 * `npm run dev`: the same server as production (app/http/server.server.ts),
 * loaded through Vite in middleware mode, so the browser gets Vite's modules
 * with hot reloading and every request sees the current route modules. Plain
 * JavaScript, run by node; Vite is a dev dependency.
 */
import { createServer } from "vite";

process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true } });
const { runServer } = await vite.ssrLoadModule("/app/http/server.server.ts");
await runServer({ viteDevServer: vite });
