/**
 * Storyblok's webhook (story published, unpublished, deleted, moved): checks
 * the shared secret, drops the cached content and re-syncs the registry.
 *
 * The secret (STORYBLOK_WEBHOOK_SECRET) is accepted in either form, compared
 * in constant time:
 * - `webhook-signature: <hex HMAC-SHA1 of the raw body>`, as Storyblok signs
 *   its webhooks when a webhook secret is set in the space;
 * - `Authorization: Bearer <secret>`, for other senders and manual calls.
 */
import { createHmac } from "node:crypto";
import type { Db } from "../db/client.server";
import { DomainError } from "../errors.server";
import type { Logger } from "../logger.server";
import { safeEqual } from "../security/safe-equal.server";
import type { CachedContent } from "./content-cache.server";
import type { SyncSummary } from "./registry.server";
import { syncSurveys } from "./surveys.server";

const MAX_BODY_BYTES = 64 * 1024;

export function signWebhookBody(secret: string, body: string): string {
  return createHmac("sha1", secret).update(body).digest("hex");
}

export function isAuthorizedWebhook(headers: Headers, body: string, secret: string | undefined): boolean {
  if (!secret) return false;
  const signature = headers.get("webhook-signature")?.trim().toLowerCase();
  const bearer = headers
    .get("authorization")
    ?.match(/^Bearer\s+(.+)$/i)?.[1]
    ?.trim();
  // Evaluate both, so the time taken does not depend on which header was sent.
  const signatureOk = safeEqual(signature ?? "", signWebhookBody(secret, body)) && Boolean(signature);
  const bearerOk = safeEqual(bearer ?? "", secret) && Boolean(bearer);
  return signatureOk || bearerOk;
}

export interface WebhookResult {
  action: string | null;
  fullSlug: string | null;
  sync: SyncSummary;
}

/** Handles one webhook delivery. Throws UNAUTHORIZED on a missing or wrong secret. */
export async function receiveContentWebhook(
  request: Request,
  input: { db: Db; content: CachedContent; secret: string | undefined; logger?: Pick<Logger, "info"> },
): Promise<WebhookResult> {
  const body = (await request.text()).slice(0, MAX_BODY_BYTES);
  if (!isAuthorizedWebhook(request.headers, body, input.secret)) {
    throw new DomainError("UNAUTHORIZED", "The webhook secret is missing or wrong.");
  }
  let payload: { action?: unknown; full_slug?: unknown } = {};
  try {
    payload = body.trim() ? JSON.parse(body) : {};
  } catch {
    // Storyblok always sends JSON; an odd body still means "something changed".
  }
  const action = typeof payload.action === "string" ? payload.action : null;
  const fullSlug = typeof payload.full_slug === "string" ? payload.full_slug : null;
  const sync = await syncSurveys(input.db, input.content);
  input.logger?.info("surveys.synced", { source: input.content.kind, trigger: "webhook", action, fullSlug, ...sync });
  return { action, fullSlug, sync };
}
