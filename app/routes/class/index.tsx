import { redirect } from "react-router";
import type { Route } from "./+types/index";

/** /class/{classId}: the class home. (The layout has already checked the class.) */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/class/${params.classId}/home`);
}
