import { mkdtemp } from "node:fs/promises"; import { tmpdir } from "node:os"; import path from "node:path"; import { writeFileSync } from "node:fs";
import { DEMO_ACCOUNTS } from "~/server/seed/demo-data.server";
import { login, spawnBenchServer } from "./tests/bench/harness";
const dir = await mkdtemp(path.join(tmpdir(), "weight-peek-"));
const server = await spawnBenchServer(dir, { BENCH_REFERENCE: "true" });
try {
  const cookie = (await login(server.baseURL, DEMO_ACCOUNTS.find(a => a.key === "teacher")!)).join("; ");
  for (const [name, p, c] of [["home", "/class/1/home", cookie], ["login", "/login", ""], ["ref", "/bench/reference", ""], ["results", "/class/1/surveys", cookie]] as const) {
    const r = await fetch(server.baseURL + p, { headers: c ? { Cookie: c } : {}, redirect: "manual" });
    writeFileSync(`/tmp/weight-${name}.html`, await r.text()); console.log(name, r.status);
  }
  const html = (await import("node:fs")).readFileSync("/tmp/weight-login.html", "utf8");
  const url = html.match(/href="(\/i18n\/[^"]+)"/g); console.log(url);
  for (const u of url ?? []) { const h = u.slice(6, -1); const r = await fetch(server.baseURL + h, { headers: { "Accept-Encoding": "gzip" } }); console.log(h, r.status, r.headers.get("cache-control"), r.headers.get("content-encoding"), (await r.text()).length); }
} finally { await server.stop(); }
