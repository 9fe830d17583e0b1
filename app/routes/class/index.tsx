import { redirect } from "react-router";
import type { Route } from "./+types/index";

/** /class/{classId}: the class home. (The layout has already checked the class.) */
export function loader({ params }: Route.LoaderArgs) {
  // Encoded: a hostile id (say %00) must not make an invalid Location header.
  throw redirect(`/class/${encodeURIComponent(params.classId)}/home`);
}
