/** Security headers for every response, and the CSP for HTML documents. */
import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Storyblok's visual editor frames survey previews; only there, and only when Storyblok is configured. */
const STORYBLOK_EDITOR_ORIGIN = "https://app.storyblok.com";

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'wasm-unsafe-eval'`,
    // Radix Themes and sonner set style attributes and inject style tags.
    "style-src 'self' 'unsafe-inline'",
    // Survey content may name Storyblok images; everything else is our own.
    "img-src 'self' data: blob: https://a.storyblok.com",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers, options: { allowStoryblokEditor?: boolean } = {}) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  const csp = headers.get("Content-Security-Policy");
  if (options.allowStoryblokEditor && csp) {
    headers.set(
      "Content-Security-Policy",
      csp.replace("frame-ancestors 'none'", `frame-ancestors 'self' ${STORYBLOK_EDITOR_ORIGIN}`),
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
