import { readFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { enhancedBrowserTargets } from "./app/lib/browser-support.ts";
import routes from "./app/routes.ts";
import { browserI18n } from "./app/vite/browser-i18n.ts";
import { supportedBrowserTargets } from "./app/vite/browser-targets.ts";
import { firstLoadChunks } from "./app/vite/first-load-chunks.ts";
import { pageStartScript } from "./app/vite/page-start-script.ts";
import { radixDeepImports } from "./app/vite/radix-deep-imports.ts";
import { radixThemesCss } from "./app/vite/radix-themes-css.ts";

const isVitest = Boolean(process.env.VITEST);
/** .ci/run sets this to collect every run's counts (one JSON report per vitest run). */
const jsonReportDir = process.env.VITEST_JSON_REPORT_DIR;
/**
 * On CI only, a failed integration or browser test runs once more before it
 * counts as failed (ADR 003): CI machines are shared, and one timing hiccup in
 * a real browser or a real database must not block a release. A test that
 * fails twice fails the run; .ci/run lists every test that needed the retry.
 */
const ciRetry = process.env.CI ? 1 : 0;

/**
 * The integration files named in tests/integration/on-postgres.txt (read only when asked: the
 * Docker build's context has no tests/).
 */
function onPostgres(): string[] {
  return readFileSync("tests/integration/on-postgres.txt", "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((name) => `tests/integration/${name}.test.ts`);
}

export default defineConfig(({ isSsrBuild }) => ({
  // Tests render the app's modules too, so they resolve the page-start script's address (its file is built only).
  plugins: isVitest
    ? [pageStartScript()]
    : [browserI18n(), radixThemesCss(), radixDeepImports(), pageStartScript(), reactRouter()],
  resolve: {
    tsconfigPaths: true,
    // The app shows no tooltip; Radix Themes' <Theme> needs only its provider (ADR 141).
    alias: { "@radix-ui/react-tooltip": path.resolve("app/components/ui/tooltip-provider-only.tsx") },
  },
  build: {
    assetsInlineLimit: 0,
    ...(isSsrBuild
      ? // The server build is our server entry (app/http/main.server.ts, ADR 100), with the app inside.
        { rollupOptions: { input: "./app/http/main.server.ts" } }
      : {
          // Scripts run only in browsers that pass the inline feature check, so the code may use what they all have (ADR 142).
          target: enhancedBrowserTargets(),
          // Styles reach every supported browser, with or without JavaScript.
          cssTarget: supportedBrowserTargets(),
          // A chunk per layout of what it always loads: fewer files to preload, not more bytes (issue 34).
          rolldownOptions: {
            output: {
              codeSplitting: { groups: firstLoadChunks(path.resolve("app"), routes) },
              // Chunks by their content hash alone: every hydrated page names about 20 in its
              // `<link rel="modulepreload">` tags and its module script (issue 34); the route manifest says
              // which route module is which file. The `-` before the hash is what marks a file as hashed to
              // the server's year-long caching.
              entryFileNames: "assets/r-[hash].js",
              chunkFileNames: "assets/c-[hash].js",
            },
          },
        }),
  },
  test: {
    // vitest's default on 2 cores is one worker (cores - 1); a file spends much of its time waiting on a
    // database, an HTTP answer or a browser, so two keep both cores busy (issue #34). One value for every
    // project: vitest refuses to run projects of different maxWorkers in one command.
    maxWorkers: 2,
    ...(jsonReportDir && {
      reporters: ["default", "json"],
      outputFile: {
        json: `${jsonReportDir}/vitest-${process.env.TEST_DATABASE_URL ? "postgres-" : ""}${Date.now()}-${process.pid}.json`,
      },
    }),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // CI's second run, on PostgreSQL (TEST_POSTGRES_SUBSET=1 in .ci/run): only what depends on it.
          include: process.env.TEST_POSTGRES_SUBSET ? onPostgres() : ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          globalSetup: ["tests/setup/database-template.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // expect.poll waits for what it checks: its 1 s default is a timing a loaded machine breaks.
          expect: { poll: { timeout: 10_000 } },
          retry: ciRetry,
        },
      },
      {
        // Outside judges run before a release, not in every CI run (`npm run check:release`, docs/security.md).
        extends: true,
        test: {
          name: "release",
          include: ["tests/release/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/e2e-global.ts"],
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/e2e-global.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // As in integration: a poll without its own timeout waits up to 15 s, not vitest's 1 s.
          expect: { poll: { timeout: 15_000 } },
          retry: ciRetry,
        },
      },
    ],
  },
}));
