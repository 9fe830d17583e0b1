import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { OidcProviderConfig } from "../config.server";
import type { Db } from "../db/client.server";
import { verifyCredentials } from "./accounts.server";
import type { DeviceEntry } from "./device-cookie.server";

/**
 * remix-auth with the form strategy: it checks the credentials and returns
 * the user id; the session itself is ours (app/server/auth/session.server.ts).
 * `knownDevices` are the request's device cookie entries (ADR 195).
 */
export function createAuthenticator(
  db: Db,
  clientAddress: string | null,
  knownDevices: readonly DeviceEntry[] = [],
  providers: readonly OidcProviderConfig[] = [],
) {
  const authenticator = new Authenticator<number>();
  authenticator.use(
    new FormStrategy(async ({ form }) =>
      verifyCredentials(
        db,
        { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") },
        clientAddress,
        knownDevices,
        providers,
      ),
    ),
    "form",
  );
  return authenticator;
}
