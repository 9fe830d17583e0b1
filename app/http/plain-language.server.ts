/**
 * The language of a plain page the server entry answers itself, before React
 * Router (a 405, a 413, the last-resort 500: ADR 228): the app's own detector
 * (`plainPageLanguage`) over the request's URL, `lng` cookie and
 * Accept-Language. Nothing else of the request is passed on.
 */
import type { IncomingMessage } from "node:http";
import type { Language } from "~/lib/i18n/languages";
import { plainPageLanguage } from "~/server/i18n/i18n.server";

export function plainPageLanguageOf(req: IncomingMessage & { originalUrl?: string }): Promise<Language> {
  const headers = new Headers();
  for (const name of ["cookie", "accept-language"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  let url: URL;
  try {
    url = new URL(req.originalUrl ?? req.url ?? "/", "http://plain-page.invalid");
  } catch {
    url = new URL("http://plain-page.invalid/");
  }
  return plainPageLanguage(new Request(url, { headers }));
}
