/**
 * Registry sync at server start. A content service that is down must not
 * stop the server: the failure is logged and the registry keeps its rows.
 */
import type { App } from "../app-type.server";
import { syncSurveys } from "./surveys.server";

export async function syncSurveysAtStart({
  db,
  content,
  logger,
}: Pick<App, "db" | "content" | "logger">): Promise<void> {
  try {
    const summary = await syncSurveys(db, content);
    logger.info("surveys.synced", { source: content.kind, trigger: "start", ...summary });
  } catch (error) {
    logger.warn("surveys.sync_failed", {
      source: content.kind,
      trigger: "start",
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
