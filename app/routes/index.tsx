import { homePathFor, isBlocked } from "~/server/auth/current-user.server";
import { getOptionalUser } from "~/server/auth/guards.server";
import { redirect } from "~/server/redirects.server";
import type { Route } from "./+types/index";

/** docs/product.md#where-a-signed-in-user-lands: with a loaded user, redirect by role; otherwise sign in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) throw redirect("/login");
  throw redirect(isBlocked(user) ? "/blocked" : homePathFor(user));
}

export default function Index() {
  return null;
}
