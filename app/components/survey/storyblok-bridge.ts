/**
 * Storyblok's visual editor: the bridge script loads only inside the editor
 * (the URL carries `_storyblok_tk`), never on a normal visit, and only in the
 * browser after hydration. In the editor, edits replace the story live.
 */
import { useEffect, useState } from "react";
import type { SurveyStory } from "~/lib/survey-content";

export function isInStoryblokEditor(search: string): boolean {
  // Storyblok sends `_storyblok_tk[space_id]`, `_storyblok_tk[timestamp]` and `_storyblok_tk[token]`.
  return [...new URLSearchParams(search).keys()].some(
    (key) => key === "_storyblok_tk" || key.startsWith("_storyblok_tk["),
  );
}

export function useStoryblokEditorStory(story: SurveyStory): SurveyStory {
  const [live, setLive] = useState(story);
  useEffect(() => setLive(story), [story]);
  const storyId = story.id;
  useEffect(() => {
    if (!storyId || !isInStoryblokEditor(window.location.search)) return;
    let active = true;
    import("@storyblok/react")
      .then(async ({ loadStoryblokBridge, registerStoryblokBridge }) => {
        await loadStoryblokBridge();
        if (!active) return;
        registerStoryblokBridge(storyId, (next) => setLive(next as unknown as SurveyStory));
      })
      .catch(() => {
        // Outside the real editor the bridge may refuse to start; the published preview stays.
      });
    return () => {
      active = false;
    };
  }, [storyId]);
  return live;
}
