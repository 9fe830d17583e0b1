import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { SurveyStory } from "~/lib/survey-content";
import type { ContentSource } from "./content-source.server";

async function listJsonFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Story JSON files under `<contentDir>/surveys/`, one story per file, as the
 * CDN returns them; a survey's version in another language is the same story
 * (same full_slug, same block `_uid`s) under
 * `<contentDir>/languages/<language>/surveys/` (ADR 217).
 */
export function createLocalContentSource(contentDir: string): ContentSource {
  return {
    kind: "local",
    async listStories(language) {
      const dir = language
        ? path.join(contentDir, "languages", path.basename(language), "surveys")
        : path.join(contentDir, "surveys");
      if (language && !existsSync(dir)) return [];
      const files = await listJsonFiles(dir);
      const stories = await Promise.all(
        files.map(async (file) => {
          const parsed = JSON.parse(await readFile(file, "utf8")) as SurveyStory | { story: SurveyStory };
          return "story" in parsed ? parsed.story : parsed;
        }),
      );
      return stories.filter(
        (story) => story.full_slug?.startsWith("surveys/") && story.content?.component === "survey",
      );
    },
  };
}
