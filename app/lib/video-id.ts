/**
 * YouTube video id extraction for the survey video block (docs/product.md#video-id-extraction).
 * Pure code: the preview component and its tests share it.
 *
 * Steps, in order:
 * 1. strip the `https://` / `http://` and `www.` prefixes;
 * 2. `youtu.be/{id}` → the segment after the slash;
 *    `{host}/watch?v={id}` → the value of `v`;
 *    `{host}/shorts/{id}` → the third path segment;
 *    `{host}/embed/{id}` (the player's own link, pasted from "Share → Embed") → the third path segment;
 *    any other form is used as given (the specification's words), a bare id or not;
 * 3. drop anything after a question mark (or `#`).
 *
 * Nothing is extracted only when the link is missing or empty, or one of the known forms has an empty id.
 * What is "used as given" reaches the player's URL as one percent-encoded path segment
 * (`youTubeEmbedUrl`), so an odd text shows YouTube's own "video unavailable" and can never change
 * the URL's host or path.
 */
export function extractYouTubeId(link: string | null | undefined): string | null {
  if (typeof link !== "string") return null;
  let rest = link
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "");
  if (rest === "") return null;

  if (rest.toLowerCase().startsWith("youtu.be/")) {
    rest = rest.split("/")[1] ?? "";
  } else if (rest.includes("/watch?")) {
    const query = rest.slice(rest.indexOf("?") + 1).split("#")[0];
    rest = new URLSearchParams(query).get("v") ?? "";
  } else if (rest.includes("/shorts/") || rest.includes("/embed/")) {
    rest = rest.split("/")[2] ?? "";
  }

  const id = rest.split("?")[0].split("#")[0].trim();
  // "." and ".." would be read as path steps, not a segment
  return id === "" || id === "." || id === ".." ? null : id;
}

/** The privacy-enhanced player for a video id (our CSP's frame-src allows this host). */
export function youTubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`;
}

/** The plain watch page, for networks that block the embedded player. */
export function youTubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
}
