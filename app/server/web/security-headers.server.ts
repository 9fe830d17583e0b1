/** Security headers for every response, and the CSP for HTML documents. */
import { randomBytes } from "node:crypto";
import { CONTENT_MEDIA_HOSTS } from "~/lib/content-url";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * `formActionOrigins`: the configured sign-in providers' origins. A sign-in
 * button posts to our own /auth/oidc/<id>, which redirects to the provider;
 * browsers hold a form's redirects to form-action too (ADR 210).
 */
export function contentSecurityPolicy(nonce: string, formActionOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'wasm-unsafe-eval'`,
    // Radix Themes and sonner set style attributes and inject style tags.
    "style-src 'self' 'unsafe-inline'",
    // Survey content may name Storyblok images and recordings; everything else is our own.
    ["img-src 'self' data: blob:", ...CONTENT_MEDIA_HOSTS].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com",
    ["media-src 'self'", ...CONTENT_MEDIA_HOSTS].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formActionOrigins].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Browsers remember for this long (180 days) to use only https for the site.
 * Sent in production when the public origin (APP_URL) is https (ADR 105);
 * not for subdomains, which a school's IT may run differently.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=15552000";

export function applySecurityHeaders(
  headers: Headers,
  options: {
    /**
     * Who may frame this answer: Storyblok's visual editor, on the survey
     * preview opened through a valid editor link only (ADR 200). Unset: nobody.
     */
    frameAncestors?: readonly string[];
    strictTransportSecurity?: boolean;
  } = {},
) {
  headers.set("X-Content-Type-Options", "nosniff");
  if (options.strictTransportSecurity) headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  const csp = headers.get("Content-Security-Policy");
  if (options.frameAncestors?.length && csp) {
    headers.set(
      "Content-Security-Policy",
      csp.replace("frame-ancestors 'none'", `frame-ancestors ${options.frameAncestors.join(" ")}`),
    );
  } else {
    headers.set("X-Frame-Options", "DENY");
  }
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
}
