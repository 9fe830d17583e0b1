/**
 * What a provider sign-in that signed nobody in leaves behind (issue 36): a
 * plain page with `Cache-Control: no-store` (and `Retry-After` where waiting
 * helps), a log line with the reason, and an audit event the school's admin
 * sees. Never a secret or a token: the reason is our kind and the provider's
 * error code and description, or openid-client's message about a check.
 *
 * The log line is written for every refusal. The audit event is written for
 * our rules' refusals (a validated ID token, so behind the provider sign-in
 * limit), under the school the identity belongs to where one is known; and
 * for a provider that cannot be reached or is set up wrongly at most once per
 * provider and kind in ten minutes per instance, so pressing a button cannot
 * fill the audit log.
 */
import { data } from "react-router";
import type { ProviderProblemKind } from "~/lib/provider-problem";
import type { App } from "../app.server";
import type { OidcProviderConfig } from "../config.server";
import { auditEvents } from "../db/schema.server";
import { OidcProblem } from "./oidc-strategy.server";
import { ProviderSignInRefused } from "./provider-sign-in.server";

/** Kinds that mean the set-up or the provider, not the person: a warning for whoever runs the app. */
const OPERATOR_KINDS: ReadonlySet<ProviderProblemKind> = new Set(["unreachable", "misconfigured"]);
const AUDIT_ONCE_PER_MS = 10 * 60 * 1000;
const lastAudited = new Map<string, number>();

/** Logs a refused provider sign-in with its reason, and audits it as described above. */
export async function recordRefusedProviderSignIn(
  app: Pick<App, "db" | "logger">,
  provider: Pick<OidcProviderConfig, "id">,
  refusal: OidcProblem | ProviderSignInRefused,
  clientAddress: string | null,
): Promise<void> {
  const kind = refusal.kind;
  const reason = refusal instanceof OidcProblem ? refusal.message.slice(0, 300) : kind;
  const schoolId = refusal instanceof ProviderSignInRefused ? refusal.schoolId : null;
  const line = { provider: provider.id, kind, reason, schoolId, ip: clientAddress };
  if (OPERATOR_KINDS.has(kind)) app.logger.warn("oidc.sign_in_refused", line);
  else app.logger.info("oidc.sign_in_refused", line);

  if (refusal instanceof OidcProblem) {
    if (!OPERATOR_KINDS.has(kind)) return;
    const key = `${provider.id}:${kind}`;
    const now = Date.now();
    if ((lastAudited.get(key) ?? 0) > now - AUDIT_ONCE_PER_MS) return;
    lastAudited.set(key, now);
  }
  await app.db.insert(auditEvents).values({
    actorUserId: null,
    action: "user.sign_in_provider_refused",
    targetType: "provider",
    targetId: provider.id,
    schoolId,
    details: {
      provider: provider.id,
      kind,
      reason,
      ...(refusal instanceof ProviderSignInRefused && refusal.email ? { email: refusal.email } : {}),
    },
  });
}

const STATUS: Partial<Record<ProviderProblemKind, number>> = {
  unreachable: 503,
  "too-many": 429,
  unverified: 403,
  "wrong-school": 403,
  unknown: 403,
  "no-email": 403,
};

/**
 * The problem page's data: never cached; `Retry-After` when the provider could not be reached or
 * on too many tries. A set-up fault is a 400 like any answer we could not use: its `error` may come
 * from the address bar, and a client's input never makes a 5xx.
 */
export function providerProblemPage(
  provider: Pick<OidcProviderConfig, "id" | "name">,
  problem: { kind: ProviderProblemKind; message: string | null; retryAfter?: string },
) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = problem.retryAfter ?? (problem.kind === "unreachable" ? "60" : undefined);
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return data(
    { kind: problem.kind, message: problem.message, providerName: provider.name, providerId: provider.id },
    { status: STATUS[problem.kind] ?? 400, headers },
  );
}
