/**
 * The browser build's translations (ADR 215): `react-i18next` resolves to
 * app/lib/i18n/browser-react-i18next.tsx (the same hooks over the messages
 * the root loader sent, compiled on the server), and intl-messageformat's ICU
 * parser to the parser package's own `no-parser` build (FormatJS's way for
 * precompiled messages). The server build keeps the real modules, except
 * for react-i18next's `useTranslation` (app/lib/i18n/server-react-i18next.ts).
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);

export function browserI18n(): Plugin {
  const standIn = path.resolve("app/lib/i18n/browser-react-i18next.tsx");
  const serverStandIn = path.resolve("app/lib/i18n/server-react-i18next.ts");
  const noParser = path.join(
    path.dirname(
      require.resolve("@formatjs/icu-messageformat-parser", {
        paths: [path.dirname(require.resolve("intl-messageformat"))],
      }),
    ),
    "no-parser.js",
  );
  return {
    name: "orliverse:browser-i18n",
    enforce: "pre",
    resolveId(source, importer) {
      // The server's react-i18next: the real one with a useTranslation made for one render (server-react-i18next.ts).
      if (this.environment?.name === "ssr")
        return source === "react-i18next" && importer !== serverStandIn ? serverStandIn : null;
      if (this.environment?.name !== "client") return null;
      if (source === "react-i18next") return standIn;
      if (source === "@formatjs/icu-messageformat-parser") return noParser;
      return null;
    },
  };
}
