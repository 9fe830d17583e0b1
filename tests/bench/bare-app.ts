/**
 * The framework's own cost, as a yardstick: a bare React Router app of the
 * same versions as ours (react-router, @react-router/dev, @react-router/serve,
 * react and react-dom from this project's node_modules), written into a
 * temporary folder, built with the project's own `@react-router/dev` and
 * served with `react-router-serve`, as a fresh `create-react-router` app would
 * be. It has one page: the same table as the app's `/bench/reference`
 * (app/routes/bench-reference.tsx), from a loader, through a root layout that
 * is the framework template's (Meta, Links, ScrollRestoration, Scripts) and
 * nothing of ours: no theme, toaster, nonce, session or middleware.
 *
 * `?rows=N` makes it longer, so the bench can make it as long as the app's
 * reference page ("a static page of similar size").
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../support/app-process";
import { sleep } from "./harness";

export interface BareApp {
  baseURL: string;
  pid: number;
  stop(): Promise<void>;
}

const ROUTES_TS = `import { index, type RouteConfig } from "@react-router/dev/routes";

export default [index("routes/reference.tsx")] satisfies RouteConfig;
`;

// The framework template's root module (create-react-router's default), without its stylesheet.
const ROOT_TSX = `import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const message = isRouteErrorResponse(error) ? \`\${error.status} \${error.statusText}\` : "Error";
  return (
    <main>
      <h1>{message}</h1>
    </main>
  );
}
`;

// The same page as app/routes/bench-reference.tsx.
const REFERENCE_TSX = `const DEFAULT_ROWS = 24;
const MAX_ROWS = 5000;

const referenceRow = (index: number) => ({
  id: index + 1,
  name: \`Reference row \${index + 1}\`,
  detail: "A line of static text, about as long as a student's name and a last-seen time.",
});

export function loader({ request }: { request: Request }) {
  const asked = Number(new URL(request.url).searchParams.get("rows") ?? DEFAULT_ROWS);
  const count = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), MAX_ROWS) : DEFAULT_ROWS;
  return { rows: Array.from({ length: count }, (_, index) => referenceRow(index)) };
}

export default function BenchReference({ loaderData }: { loaderData: ReturnType<typeof loader> }) {
  return (
    <main style={{ padding: 24 }}>
      <h1>Benchmark reference</h1>
      <p>A static page rendered through the same root layout as every screen.</p>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>Name</th>
            <th>Detail</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.rows.map((row) => (
            <tr key={row.id}>
              <td>{row.id}</td>
              <td>{row.name}</td>
              <td>{row.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

export const meta = () => [{ title: "Benchmark reference · bare React Router" }];
`;

const CONFIG_TS = `export default { ssr: true };
`;

const VITE_CONFIG_TS = `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({ plugins: [reactRouter()], logLevel: "warn" });
`;

/** The template's package.json, naming our dependencies (React Router reads it to pick the server runtime). */
function packageJson(projectRoot: string): string {
  const project = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8"));
  const pick = (names: string[], from: Record<string, string>) =>
    Object.fromEntries(names.map((name) => [name, from[name]]));
  return JSON.stringify({
    name: "bare-react-router",
    private: true,
    type: "module",
    dependencies: pick(
      ["@react-router/node", "@react-router/serve", "isbot", "react", "react-dom", "react-router"],
      project.dependencies,
    ),
    devDependencies: pick(["@react-router/dev", "vite"], project.devDependencies),
  });
}

/** Writes the bare app into a temporary folder and builds it; returns the folder. */
export async function buildBareApp(projectRoot = path.resolve(".")): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "bare-react-router-"));
  await mkdir(path.join(dir, "app", "routes"), { recursive: true });
  await Promise.all([
    writeFile(path.join(dir, "package.json"), packageJson(projectRoot)),
    writeFile(path.join(dir, "react-router.config.ts"), CONFIG_TS),
    writeFile(path.join(dir, "vite.config.ts"), VITE_CONFIG_TS),
    writeFile(path.join(dir, "app", "routes.ts"), ROUTES_TS),
    writeFile(path.join(dir, "app", "root.tsx"), ROOT_TSX),
    writeFile(path.join(dir, "app", "routes", "reference.tsx"), REFERENCE_TSX),
    // The project's own packages, so the versions are ours exactly.
    symlink(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"), "dir"),
  ]);
  execFileSync(process.execPath, [path.join(projectRoot, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  return dir;
}

/** Serves a built bare app with react-router-serve (production mode) and waits for its page. */
export async function serveBareApp(dir: string, projectRoot = path.resolve(".")): Promise<BareApp> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(projectRoot, "node_modules/@react-router/serve/bin.js"), "build/server/index.js"],
    {
      cwd: dir,
      env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  // Drain its output (react-router-serve writes an access line per request), as the app's is drained.
  child.stdout?.resume();
  child.stderr?.resume();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.once("exit", () => child.kill("SIGKILL"));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The bare React Router app exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The bare React Router app did not answer at ${baseURL}/`);
    }
    await sleep(150);
  }
  return { baseURL, pid: child.pid!, stop };
}

export async function removeBareApp(dir: string) {
  await rm(dir, { recursive: true, force: true });
}
