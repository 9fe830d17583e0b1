/**
 * The compiled message catalogues as files (issue 34, ADR 215):
 * /i18n/<language>/<namespace>.<hash>.json, named by their content's hash
 * (app/server/i18n/catalogues.server.ts), so cached for a year like the
 * built assets: the browser loads a language's catalogue once, and no page
 * carries it. A name that is not a current catalogue is a 404 nobody caches.
 */
import type { RequestHandler } from "express";
import { CATALOGUE_PATH_PREFIX, catalogueAssetAt } from "~/server/i18n/catalogues.server";
import { STRICT_TRANSPORT_SECURITY } from "~/server/web/security-headers.server";

export function serveCatalogues(options: { strictTransportSecurity: boolean }): RequestHandler {
  return (req, res, next) => {
    if (!req.path.startsWith(CATALOGUE_PATH_PREFIX) || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const asset = catalogueAssetAt(req.path);
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (options.strictTransportSecurity) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    if (!asset) {
      res.status(404).setHeader("Cache-Control", "no-store").type("text/plain").send("Not Found");
      return;
    }
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.type("application/json").send(asset.body);
  };
}
