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
