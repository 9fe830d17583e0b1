/**
 * Links to the no-JavaScript Change Password page. The page returns to where
 * the user came from (`redirectTo`); a link made on the page itself (the
 * header's profile menu is on it too) keeps the page's own target instead of
 * nesting it: never /account/password?redirectTo=/account/password?redirectTo=….
 */
export const PASSWORD_PAGE = "/account/password";

/** The target a `redirectTo` names, unwrapping targets that are the password page itself. Not yet checked as same-site. */
export function passwordReturnTarget(redirectTo: string | null | undefined): string | null {
  let target = redirectTo ?? null;
  for (let depth = 0; target && depth < 20; depth++) {
    let url: URL;
    try {
      url = new URL(target, "http://same.site");
    } catch {
      return target;
    }
    if (url.origin !== "http://same.site" || url.pathname !== PASSWORD_PAGE) return target;
    target = url.searchParams.get("redirectTo");
  }
  return null;
}

/** The password page's address from `here` (path and query), returning there afterwards. */
export function passwordPageHref(here: string): string {
  const target = passwordReturnTarget(here) ?? "/";
  return `${PASSWORD_PAGE}?${new URLSearchParams({ redirectTo: target })}`;
}
