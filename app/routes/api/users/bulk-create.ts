/** POST /api/users/bulk-create `{ staffMembers }`: per-row results; valid rows created in one transaction. */

import { requireApiAdmin } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { bulkCreateInputSchema, bulkCreateStaff } from "~/server/users/bulk-create.server";
import { handleApi, parseInput, readJsonBody } from "~/server/web/api.server";
import type { Route } from "./+types/bulk-create";

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const user = await requireApiAdmin(request, context);
    const input = parseInput(bulkCreateInputSchema, await readJsonBody(request));
    const { db, mailer } = getAppFromContext(context);
    const result = await bulkCreateStaff(db, user, input.staffMembers, { mailer });
    return Response.json(
      {
        createdCount: result.created.length,
        refusedCount: result.refused.length,
        created: result.created,
        refused: result.refused,
      },
      { status: result.created.length > 0 ? 201 : 200 },
    );
  }, context);
}
