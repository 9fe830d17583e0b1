/**
 * Starts the test OpenID provider (tests/support/oidc-provider.ts) for the
 * Docker test: `tsx tests/docker/oidc-provider.ts <redirect URI> <info.json>`
 * writes { issuer, clientId, clientSecret } to info.json and runs until killed.
 */
import { writeFileSync } from "node:fs";
import { startOidcProvider } from "../support/oidc-provider";

async function main() {
  const [redirectUri, infoFile] = process.argv.slice(2);
  if (!redirectUri || !infoFile) throw new Error("usage: oidc-provider.ts <redirect URI> <info.json>");
  const provider = await startOidcProvider({ redirectUris: [redirectUri] });
  writeFileSync(
    infoFile,
    JSON.stringify({ issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret }),
  );
  const stop = () => void provider.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

void main();
