/**
 * `npm run bench` part "bytes": what the main pages weigh on the wire, in
 * English, German and Arabic (`?lng=`, which every visitor and staff member
 * may use): the HTML's bytes raw and gzip, its visible markup (the HTML
 * without its `<script>` elements and module preloads: what the page shows
 * and styles), and the HTML's size as a multiple of that markup. What is
 * left over is the page data and the client bundle's tags (issue 34: the
 * class home's HTML within 1.3x of its visible markup). With
 * `BENCH_BYTES_DUMP=<folder>`, each page's HTML is written there to be read.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { DemoAccountKey } from "~/server/seed/demo-data.server";
import { formatTable } from "../support/bundle-budget";
import type { BenchData } from "./fixtures";
import { fetchWithRetry } from "./harness";

export interface BytesPage {
  name: string;
  path: string;
  account?: DemoAccountKey;
}

export function bytesPages(data: BenchData): BytesPage[] {
  return [
    { name: "login", path: "/login" },
    { name: "join", path: "/join" },
    { name: "class home", path: `/class/${data.classId}/home`, account: "teacher" },
    {
      name: `results (${data.smallResponses} responses)`,
      path: `/class/${data.smallClassId}/surveys/results/${data.smallResultsAssignmentId}`,
      account: "teacher",
    },
  ];
}

export const BYTES_LANGUAGES = ["en", "de", "ar"] as const;

/** The page without what only the browser's script reads: `<script>` elements and module preloads. */
export function visibleMarkup(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<link rel="modulepreload"[^>]*\/?>/g, "");
}

export interface PageBytes {
  page: BytesPage;
  language: string;
  status: number;
  raw: number;
  gzip: number;
  visible: number;
}

export function measureHtml(html: string) {
  const bytes = Buffer.from(html);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 6 }).length,
    visible: Buffer.byteLength(visibleMarkup(html)),
  };
}

export async function measurePageBytes(
  baseURL: string,
  pages: BytesPage[],
  cookieFor: (account: DemoAccountKey) => Promise<string>,
): Promise<PageBytes[]> {
  const rows: PageBytes[] = [];
  for (const page of pages) {
    const cookie = page.account ? await cookieFor(page.account) : undefined;
    for (const language of BYTES_LANGUAGES) {
      const separator = page.path.includes("?") ? "&" : "?";
      const response = await fetchWithRetry(`${baseURL}${page.path}${separator}lng=${language}`, {
        headers: cookie ? { Cookie: cookie } : {},
        redirect: "manual",
      });
      const html = await response.text();
      if (process.env.BENCH_BYTES_DUMP) {
        writeFileSync(path.join(process.env.BENCH_BYTES_DUMP, `${page.name.split(" ")[0]}-${language}.html`), html);
      }
      rows.push({ page, language, status: response.status, ...measureHtml(html) });
    }
  }
  return rows;
}

export function formatPageBytes(rows: PageBytes[]): string {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const table = [
    ["Page", "Lang", "Status", "HTML", "gzip", "Visible markup", "HTML / visible"],
    ...rows.map((row) => [
      row.page.name,
      row.language,
      String(row.status),
      kb(row.raw),
      kb(row.gzip),
      kb(row.visible),
      `${(row.raw / row.visible).toFixed(2)}x`,
    ]),
  ];
  return formatTable(table);
}

export async function printPageBytes(
  baseURL: string,
  data: BenchData,
  cookieFor: (account: DemoAccountKey) => Promise<string>,
) {
  console.log("\nHTML per page and language (gzip level 6, as the server compresses):");
  console.log(formatPageBytes(await measurePageBytes(baseURL, bytesPages(data), cookieFor)));
}
