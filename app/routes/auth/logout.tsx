import { endSession } from "~/server/auth/session.server";
import { getAppFromContext } from "~/server/context.server";
import { redirect } from "~/server/redirects.server";
import type { Route } from "./+types/logout";

/** Sign-out is a POST from a form; a GET changes nothing and goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await endSession(getAppFromContext(context), request);
  return redirect("/login", { headers: { "Set-Cookie": setCookie } });
}
