/**
 * The names and key of a student session's outbox on the device (issue #37,
 * app/lib/outbox-settings.ts): derived from the session's sign-in (its token's
 * id) with the server's secret, so they are the same on every page of the
 * session, differ for every other session, and cannot be guessed. The key is
 * only ever in pages of that session, which are never cached (private,
 * no-store).
 */
import { createHmac } from "node:crypto";

export function outboxOfSession(secret: string, tokenId: number): { store: string; key: string } {
  const mac = (label: string) => createHmac("sha256", secret).update(`${label}:${tokenId}`).digest("base64url");
  return { store: mac("answer-outbox-store").slice(0, 22), key: mac("answer-outbox-key") };
}
