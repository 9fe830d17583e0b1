/**
 * URLs that come from survey content (an image's `filename`, a link) pass
 * the same protocol filter as the links in a survey's markdown: react-markdown's
 * `defaultUrlTransform`, which keeps http, https, irc, ircs, mailto, xmpp and
 * relative URLs and blanks everything else (`javascript:`, `data:`,
 * `vbscript:`, `file:` …). One filter for every content URL, so an image can
 * never carry what a link may not.
 */
import { defaultUrlTransform } from "react-markdown";

/** The URL when the filter keeps it; null when it is missing, blank or blanked. */
export function safeContentUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed === "") return null;
  return defaultUrlTransform(trimmed) || null;
}

/**
 * The hosts other than our own that survey content's images and recordings may come from:
 * Storyblok's asset host. The CSP's `img-src` and `media-src` name the same ones
 * (app/server/web/security-headers.server.ts).
 */
export const CONTENT_MEDIA_HOSTS = ["https://a.storyblok.com"] as const;

/**
 * A recording's URL (issue 37) when the content filter keeps it and the page may play it: a path on our
 * own origin (`/survey-audio/…`, the local content's files) or a URL on a CONTENT_MEDIA_HOSTS host.
 * Anything else is null: the CSP would block it and the child would see a player that never plays.
 */
export function safeMediaUrl(value: unknown): string | null {
  const url = safeContentUrl(value);
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return url;
  return CONTENT_MEDIA_HOSTS.some((host) => url.startsWith(`${host}/`)) ? url : null;
}
