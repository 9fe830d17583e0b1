import { notFoundPage } from "~/server/web/screen-errors.server";

/**
 * An unknown path inside a signed-in area (`/class/1/nope`, `/admin/nope`):
 * the area's guard runs first (its layout's loader), then this 404 shows
 * 'Not Found' inside the area's header and navigation, through the layout's
 * error boundary, like an unknown record does (docs/product.md#error-pages).
 */
export function loader(): never {
  throw notFoundPage();
}

/** A form posted to such a path is the same 404, not a "method not allowed". */
export function action(): never {
  throw notFoundPage();
}

/**
 * Never drawn (the loader always throws), but a route with a component is a
 * page, whose thrown 404 goes to the layout's error boundary; without one it
 * would be a resource route answering a bare 'Not Found' text.
 */
export default function AreaNotFound() {
  return null;
}
