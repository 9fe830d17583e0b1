import { redirect } from "~/server/redirects.server";
import type { Route } from "./+types/index";

/** /class/{classId}: the class home. (The layout has already checked the class.) */
export function loader({ params }: Route.LoaderArgs) {
  // Encoded, then checked by redirect(): a hostile id (say %00) goes to the first class instead.
  throw redirect(`/class/${encodeURIComponent(params.classId)}/home`);
}
