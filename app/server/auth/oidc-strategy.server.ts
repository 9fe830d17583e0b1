/**
 * Staff sign-in through a school's identity provider (ADR 210): a remix-auth
 * strategy on openid-client 6 (OpenID Certified). The authorisation code flow
 * with PKCE, state and nonce; openid-client validates the ID token (issuer,
 * audience, signature, expiry, nonce). The flow's secrets wait in a short,
 * signed, httpOnly cookie (SameSite=Lax, so the provider's redirect back
 * brings it), used once.
 *
 *   POST /auth/oidc/<id>            the strategy redirects to the provider
 *   GET  /auth/oidc/<id>/callback   the strategy checks the answer, and the
 *                                   verify function (signInWithProvider) finds
 *                                   or links the staff member
 */
import * as client from "openid-client";
import { type Cookie, createCookie } from "react-router";
import { Strategy } from "remix-auth/strategy";
import type { OidcProblemKind } from "~/lib/provider-problem";
import type { Config, OidcProviderConfig } from "../config.server";
import type { Logger } from "../logger.server";
import { redirectToProvider } from "../redirects.server";

export const OIDC_TRANSACTION_COOKIE_NAME = "__oidc";
/** Ten minutes to sign in at the provider. */
const TRANSACTION_MAX_AGE_SECONDS = 600;

/** What the flow keeps between the redirect out and the redirect back. */
export interface OidcTransaction {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  /** A same-site path to land on after signing in, if the login page had one. */
  redirectTo: string | null;
}

export class OidcProblem extends Error {
  constructor(
    readonly kind: OidcProblemKind,
    detail: string,
  ) {
    super(detail);
    this.name = "OidcProblem";
  }
}

/** The per-app provider clients: discovery documents are read once, again after a failure. */
export interface OidcClients {
  providers: OidcProviderConfig[];
  /** The providers' origins, for the CSP's form-action (a sign-in button's redirect). */
  formActionOrigins: string[];
  transactionCookie: Cookie;
  /**
   * The provider's openid-client configuration (discovery). `fresh` reads the
   * discovery document again: a sign-in's start does, so a provider that went
   * down since gets "We could not reach …" here rather than the browser's own
   * error page at the provider (issue 36).
   */
  configurationFor(provider: OidcProviderConfig, options?: { fresh?: boolean }): Promise<client.Configuration>;
  /** Where the provider sends the browser back: APP_URL + /auth/oidc/<id>/callback. */
  redirectUri(provider: OidcProviderConfig): string;
}

export function createOidcClients(
  config: Pick<Config, "oidcProviders" | "sessionSecrets" | "secureCookies" | "appUrl">,
  logger: Logger,
): OidcClients {
  const discovered = new Map<string, Promise<client.Configuration>>();
  return {
    providers: config.oidcProviders,
    formActionOrigins: [...new Set(config.oidcProviders.map((p) => new URL(p.issuer).origin))],
    transactionCookie: createCookie(OIDC_TRANSACTION_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/auth/oidc",
      maxAge: TRANSACTION_MAX_AGE_SECONDS,
      secrets: config.sessionSecrets,
    }),
    configurationFor(provider, options = {}) {
      let pending = options.fresh ? undefined : discovered.get(provider.id);
      if (!pending) {
        const issuer = new URL(provider.issuer);
        pending = client
          .discovery(
            issuer,
            provider.clientId,
            provider.clientSecret,
            undefined,
            // Plain http only for a provider on loopback in tests (ADR 210).
            issuer.protocol === "http:" ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
          )
          .catch((error: unknown) => {
            if (discovered.get(provider.id) === pending) discovered.delete(provider.id);
            logger.warn("oidc.discovery_failed", { provider: provider.id, error: String(error) });
            throw discoveryProblem(error);
          });
        discovered.set(provider.id, pending);
      }
      return pending;
    },
    redirectUri(provider) {
      return `${config.appUrl}/auth/oidc/${provider.id}/callback`;
    },
  };
}

export function findProvider(clients: OidcClients, id: string | undefined): OidcProviderConfig | null {
  return clients.providers.find((p) => p.id === id) ?? null;
}

/** What the verify function gets: the provider and the validated ID token's claims. */
export interface OidcVerifyParams {
  provider: OidcProviderConfig;
  claims: client.IDToken;
  transaction: OidcTransaction;
}

/**
 * A POST starts the flow: the strategy throws a redirect to the provider,
 * carrying the transaction cookie. A GET is the provider's answer: the
 * strategy checks it and returns what `verify` returns. Either way the
 * transaction cookie is cleared by the caller (clearTransactionCookie).
 */
export class OidcStrategy<User> extends Strategy<User, OidcVerifyParams> {
  name: string;

  constructor(
    private readonly clients: OidcClients,
    private readonly provider: OidcProviderConfig,
    private readonly redirectTo: string | null,
    verify: Strategy.VerifyFunction<User, OidcVerifyParams>,
  ) {
    super(verify);
    this.name = provider.id;
  }

  async authenticate(request: Request): Promise<User> {
    const start = request.method === "POST";
    const configuration = await this.clients.configurationFor(this.provider, { fresh: start });
    if (start) throw await this.start(configuration);
    return this.finish(configuration, request);
  }

  private async start(configuration: client.Configuration): Promise<Response> {
    const transaction: OidcTransaction = {
      provider: this.provider.id,
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      redirectTo: this.redirectTo,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.clients.redirectUri(this.provider),
      scope: "openid email profile",
      response_type: "code",
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(transaction.verifier),
      code_challenge_method: "S256",
    });
    return redirectToProvider(url, this.clients.formActionOrigins, {
      headers: { "Set-Cookie": await this.clients.transactionCookie.serialize(transaction) },
    });
  }

  private async finish(configuration: client.Configuration, request: Request): Promise<User> {
    const transaction = await readTransaction(this.clients, request);
    if (!transaction || transaction.provider !== this.provider.id) {
      // Without the cookie the answer cannot be checked; a provider's error still gets its own page.
      const error = new URL(request.url).searchParams.get("error");
      if (error) throw providerErrorProblem(error, new URL(request.url).searchParams.get("error_description") ?? "");
      throw new OidcProblem("expired", "no transaction cookie for this provider");
    }
    const currentUrl = new URL(request.url);
    // The provider answers at the public origin (APP_URL); behind a proxy the request URL may differ.
    const callback = new URL(this.clients.redirectUri(this.provider));
    callback.search = currentUrl.search;
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: transaction.verifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw problemFrom(error);
    }
    const claims = tokens.claims();
    if (!claims) throw new OidcProblem("failed", "no ID token");
    return this.verify({
      provider: this.provider,
      claims: await withUserInfo(configuration, claims, tokens.access_token),
      transaction,
    });
  }
}

/** The claims our rules read about the person; a standard provider may send them from user-info only. */
const PERSON_CLAIMS = ["email", "email_verified", "name"] as const;

/**
 * The ID token's claims, with the person's e-mail (and whether it is
 * verified) read from the provider's user-info endpoint when the ID token
 * lacks them (OpenID Connect Core 5.4: scope claims may come from user-info
 * only). The user-info answer must be for the ID token's subject; what the
 * ID token says is never overridden.
 */
async function withUserInfo(
  configuration: client.Configuration,
  claims: client.IDToken,
  accessToken: string | undefined,
): Promise<client.IDToken> {
  const missing = PERSON_CLAIMS.filter((name) => claims[name] === undefined);
  if (!missing.includes("email") || !accessToken || !configuration.serverMetadata().userinfo_endpoint) return claims;
  let info: Record<string, unknown>;
  try {
    info = await client.fetchUserInfo(configuration, accessToken, claims.sub);
  } catch (error) {
    throw problemFrom(error);
  }
  const added = Object.fromEntries(
    missing.filter((name) => info[name] !== undefined).map((name) => [name, info[name]]),
  );
  return { ...claims, ...(added as Record<string, client.JsonValue>) };
}

async function readTransaction(clients: OidcClients, request: Request): Promise<OidcTransaction | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes(`${OIDC_TRANSACTION_COOKIE_NAME}=`)) return null;
  const value: unknown = await clients.transactionCookie.parse(header);
  if (typeof value !== "object" || value === null) return null;
  const t = value as Record<string, unknown>;
  const strings = ["provider", "state", "nonce", "verifier"].every((k) => typeof t[k] === "string" && t[k] !== "");
  if (!strings) return null;
  return { ...(value as OidcTransaction), redirectTo: typeof t.redirectTo === "string" ? t.redirectTo : null };
}

/** The Set-Cookie that ends the transaction: a code and its secrets are good for one try. */
export function clearTransactionCookie(clients: OidcClients): Promise<string> {
  return clients.transactionCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

/** The transaction's redirectTo, read again after the flow (the verify params carry it too). */
export async function transactionRedirect(clients: OidcClients, request: Request): Promise<string | null> {
  return (await readTransaction(clients, request))?.redirectTo ?? null;
}

/** A discovery that failed: the issuer answered but not as one (a wrong OIDC_*_ISSUER), or not at all. */
function discoveryProblem(error: unknown): OidcProblem {
  const message =
    error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : "";
  const answered =
    error instanceof client.ResponseBodyError || /"issuer"|unexpected HTTP response status code/i.test(message);
  return new OidcProblem(answered ? "misconfigured" : "unreachable", String(error).slice(0, 300));
}

/** Answers that say this app is set up wrongly at the provider, not that the person did something wrong. */
const MISCONFIGURED_ERRORS = new Set([
  "invalid_client",
  "unauthorized_client",
  "unsupported_response_type",
  "invalid_scope",
]);

/** What an `error` the provider sent back means for the person signing in. */
export function providerErrorProblem(error: string, description: string): OidcProblem {
  const detail = `${error}: ${description}`.slice(0, 300);
  if (MISCONFIGURED_ERRORS.has(error) || /redirect_uri|AADSTS(50011|700016|7000215|7000222)/.test(description)) {
    return new OidcProblem("misconfigured", detail);
  }
  if (error === "admin_policy_enforced" || error === "org_internal") return new OidcProblem("not-trusted", detail);
  if (error === "consent_required" || error === "interaction_required" || /AADSTS(65001|90094)/.test(description)) {
    return new OidcProblem("consent", detail);
  }
  if (error === "access_denied" || error === "login_required") return new OidcProblem("cancelled", detail);
  return new OidcProblem("failed", detail);
}

/** An openid-client refusal as one of our problems. */
function problemFrom(error: unknown): OidcProblem {
  if (error instanceof OidcProblem) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return providerErrorProblem(error.error, error.error_description ?? "");
  }
  // A code used twice, or one that does not match its PKCE verifier.
  if (error instanceof client.ResponseBodyError && error.error === "invalid_grant") {
    return new OidcProblem("mismatch", `invalid_grant: ${error.error_description ?? ""}`);
  }
  // A wrong client secret or id: the token endpoint refuses this app (invalid_client, 401).
  if (error instanceof client.ResponseBodyError)
    return providerErrorProblem(error.error, error.error_description ?? "");
  // openid-client says what went wrong in the cause ("unexpected "state" response parameter value", a nonce claim).
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
  const message = `${error instanceof Error ? error.message : String(error)} ${cause}`.trim();
  const code = (error as { code?: unknown }).code;
  if (/"state"|"nonce"/.test(message) || code === "OAUTH_JWT_CLAIM_COMPARISON_FAILED") {
    // A token for another client id (OIDC_*_CLIENT_ID not the app's at the provider) is a set-up fault.
    if (/"aud"/.test(message)) return new OidcProblem("misconfigured", message);
    return new OidcProblem("mismatch", message);
  }
  if (error instanceof TypeError || /fetch failed|ECONNREFUSED|timed? ?out/i.test(message)) {
    return new OidcProblem("unreachable", message);
  }
  return new OidcProblem("failed", message);
}
