/** GET /api/users/me/with-school: the signed-in user with their school (docs/product.md#the-current-user); any signed-in user. */

import { serializeCurrentUser } from "~/server/auth/current-user.server";
import { requireApiUser } from "~/server/auth/guards.server";
import { handleApi } from "~/server/web/api.server";
import type { Route } from "./+types/me-with-school";

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    return Response.json(serializeCurrentUser(user));
  }, context);
}
