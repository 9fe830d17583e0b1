/**
 * The opt-in auto-refresh of a results page for projector PCs without
 * JavaScript (issue #26, ADR 208): `?refresh=<seconds>` adds a
 * `<meta http-equiv="refresh">` and a visible "Stop refreshing" link. The
 * projector view of results and the teacher's results screen read the same
 * query through this module.
 */

/** The query parameter. */
export const AUTO_REFRESH_PARAM = "refresh";
/** The interval the pages offer. */
export const AUTO_REFRESH_DEFAULT_SECONDS = 5;
/** Accepted intervals: anything else is ignored (the page does not refresh). */
export const AUTO_REFRESH_MIN_SECONDS = 2;
export const AUTO_REFRESH_MAX_SECONDS = 300;

/** The interval asked for by `?refresh=N` (whole seconds within the bounds), or null. */
export function autoRefreshSeconds(search: string | URLSearchParams): number | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const raw = params.get(AUTO_REFRESH_PARAM);
  if (raw === null || !/^[0-9]{1,3}$/.test(raw)) return null;
  const seconds = Number(raw);
  return seconds >= AUTO_REFRESH_MIN_SECONDS && seconds <= AUTO_REFRESH_MAX_SECONDS ? seconds : null;
}

/** The search string that keeps a valid refresh (and nothing else): "" or "?refresh=N". */
export function autoRefreshSearch(seconds: number | null): string {
  return seconds === null ? "" : `?${AUTO_REFRESH_PARAM}=${seconds}`;
}
