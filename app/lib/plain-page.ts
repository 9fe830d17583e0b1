/**
 * Pages served without the client bundle (ADR 170): a route says so in its
 * `handle`, and the root layout then renders no `<Scripts />`, no
 * modulepreloads and no scroll-restoration script for it, only the page's
 * stylesheets and the small plain script of the student pages. The page is
 * the server-rendered page, forms and links work as they do without
 * JavaScript.
 *
 * `plainPage` is `true`, or a function of the route's loader data (the
 * answering page needs React only for a drawing question). The page's own
 * route (the deepest match) decides.
 */
export interface PlainPageHandle {
  plainPage: boolean | ((data: unknown) => boolean);
}

interface MatchLike {
  handle?: unknown;
  data?: unknown;
}

export function isPlainPage(matches: readonly MatchLike[]): boolean {
  const page = matches[matches.length - 1];
  const handle = page?.handle as Partial<PlainPageHandle> | undefined;
  const plain = handle?.plainPage;
  if (typeof plain === "function") return plain(page.data);
  return plain === true;
}
