/**
 * The page-start script (app/lib/page-start-script.ts) as a file of the client
 * build, `assets/page-start-<hash>.js`, named by its content so the server
 * caches it for a year (issue 34). `import url from "virtual:page-start-script"`
 * gives its address, the same in the server and the client build; `npm run dev`
 * serves it from memory.
 */
import { createHash } from "node:crypto";
import type { Plugin } from "vite";
import { PAGE_START_SCRIPT } from "../lib/page-start-script.ts";

const ID = "virtual:page-start-script";

export function pageStartScript(): Plugin {
  const hash = createHash("sha256").update(PAGE_START_SCRIPT).digest("base64url").slice(0, 8);
  const fileName = `assets/page-start-${hash}.js`;
  return {
    name: "orliverse:page-start-script",
    resolveId: (source) => (source === ID ? `\0${ID}` : null),
    load: (id) => (id === `\0${ID}` ? `export default ${JSON.stringify(`/${fileName}`)};` : null),
    generateBundle() {
      if (this.environment.name === "client") this.emitFile({ type: "asset", fileName, source: PAGE_START_SCRIPT });
    },
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_request, response) => {
        response.setHeader("Content-Type", "text/javascript; charset=utf-8");
        response.end(PAGE_START_SCRIPT);
      });
    },
  };
}
