/**
 * A real OpenID provider on loopback (oidc-provider 9, panva), for the
 * staff sign-in tests (ADR 212). One instance plays one provider: a
 * Google-like one (claims `hd`, `email_verified`) or a Microsoft-like one
 * (claims `tid`, `oid`, `xms_edov`). Its development login page takes any
 * login name: the test signs in as an account it added with `addAccount`,
 * whose claims then go into the ID token. Consent is granted up front, so
 * the flow is: our button → the login page → back to our callback. The
 * login page's "[ Cancel ]" link answers `access_denied`. An account added
 * with `{ userInfoOnly: true }` gets its e-mail claims from the user-info
 * endpoint only, never in the ID token, as some standard providers do.
 *
 *   const google = await startOidcProvider({ redirectUris: [`${appUrl}/auth/oidc/google/callback`] });
 *   google.addAccount("ada", { email: "ada@riverside.example", email_verified: true, hd: "riverside.example" });
 *   // app env: OIDC_GOOGLE_ISSUER=google.issuer, OIDC_GOOGLE_CLIENT_ID=google.clientId, …
 *
 * Plain node, no test-runner imports: the Docker test can start it as well.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims the account's ID token carries (besides sub), by the login name typed on the login page. */
  addAccount(login: string, claims: Record<string, unknown>, options?: { userInfoOnly?: boolean }): void;
  close(): Promise<void>;
}

const CLAIM_NAMES = ["email", "email_verified", "name", "hd", "tid", "oid", "xms_edov"];

export async function startOidcProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  host?: string;
}): Promise<OidcTestProvider> {
  const host = options.host ?? "127.0.0.1";
  const clientId = options.clientId ?? "orliverse-test-client";
  const clientSecret = options.clientSecret ?? "orliverse-test-client-secret-0123456789";
  const accounts = new Map<string, Record<string, unknown>>();
  const userInfoOnly = new Set<string>();

  // The port comes first: the issuer names it.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "hd", "tid", "oid", "xms_edov"] },
    // Every claim in the ID token, as Google and Microsoft send them.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["orliverse-oidc-test-provider-cookie-key"] },
    async findAccount(_ctx, id) {
      const claims = accounts.get(id) ?? {};
      return {
        accountId: id,
        async claims(use: string) {
          const hidden = use === "id_token" && userInfoOnly.has(id) ? ["email", "email_verified"] : [];
          return {
            sub: id,
            ...Object.fromEntries(
              Object.entries(claims).filter(([name]) => CLAIM_NAMES.includes(name) && !hidden.includes(name)),
            ),
          };
        },
      };
    },
    // Consent granted up front: the test's login page is the only stop.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    ttl: { Session: 60, Interaction: 600, Grant: 600, AuthorizationCode: 60, AccessToken: 60, IdToken: 600 },
  });
  // The provider's own logs of refused requests stay out of the test output.
  provider.on("server_error", () => {});
  server.on("request", provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(login, claims, options = {}) {
      accounts.set(login, claims);
      if (options.userInfoOnly) userInfoOnly.add(login);
      else userInfoOnly.delete(login);
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
