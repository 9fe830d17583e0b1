import { and, isNull, notInArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { surveys } from "../db/schema.server";
import type { ContentSource } from "./content-source.server";

export interface SyncSummary {
  total: number;
  removed: number;
}

/**
 * Keeps the `surveys` table in step with the content source: every story is
 * upserted by full_slug with its cached title; stories that disappeared are
 * marked removed (their assignments keep working), and come back if they return.
 */
export async function syncSurveyRegistry(db: Db, source: ContentSource): Promise<SyncSummary> {
  const stories = await source.listStories();
  const now = new Date();
  return db.transaction(async (tx) => {
    if (stories.length > 0) {
      await tx
        .insert(surveys)
        .values(
          stories.map((story) => ({
            fullSlug: story.full_slug,
            title: story.content.title?.trim() || story.name,
            syncedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: surveys.fullSlug,
          set: { title: sql`excluded.title`, syncedAt: now, removedAt: null },
        });
    }
    const slugs = stories.map((story) => story.full_slug);
    const removed = await tx
      .update(surveys)
      .set({ removedAt: now })
      .where(and(isNull(surveys.removedAt), slugs.length ? notInArray(surveys.fullSlug, slugs) : undefined))
      .returning({ id: surveys.id });
    return { total: stories.length, removed: removed.length };
  });
}
