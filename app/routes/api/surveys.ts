import { requireApiUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { listSurveys } from "~/server/surveys/surveys.server";
import { handleApi } from "~/server/web/api.server";
import type { Route } from "./+types/surveys";

/** GET /api/surveys: `{ data: [{ id, fullSlug }] }` for signed-in users (docs/product.md#json-api). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(request, context);
    const { db } = getAppFromContext(context);
    const surveys = await listSurveys(db);
    return Response.json({ data: surveys.map(({ id, fullSlug }) => ({ id, fullSlug })) });
  }, context);
}
