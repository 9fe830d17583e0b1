import { getAppFromContext } from "~/server/context.server";
import { ContentUnavailableError } from "~/server/surveys/content-source.server";
import { receiveContentWebhook } from "~/server/surveys/webhook.server";
import { handleApi } from "~/server/web/api.server";
import { jsonError } from "~/server/web/json-error.server";
import type { Route } from "./+types/content-webhook";

/**
 * POST /api/content/webhook: Storyblok says content changed. Protected by
 * STORYBLOK_WEBHOOK_SECRET; drops the content cache and re-syncs the registry.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const { db, config, content, logger } = getAppFromContext(context);
    try {
      const result = await receiveContentWebhook(request, {
        db,
        content,
        secret: config.STORYBLOK_WEBHOOK_SECRET,
        logger,
      });
      return Response.json({ data: result });
    } catch (error) {
      if (error instanceof ContentUnavailableError) return jsonError(503, "CONTENT_UNAVAILABLE", error.message);
      throw error;
    }
  }, context);
}
