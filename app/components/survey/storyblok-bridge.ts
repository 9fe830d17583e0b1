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

/**
 * The editor that framed this page: the framing page's origin (the referrer)
 * when it is one of the allowed editor origins, else the first of them.
 */
export function editorOriginFor(referrer: string, editorOrigins: readonly string[]): string | undefined {
  try {
    const origin = new URL(referrer).origin;
    if (editorOrigins.includes(origin)) return origin;
  } catch {
    // no referrer: the default editor
  }
  return editorOrigins[0];
}

export function useStoryblokEditorStory(story: SurveyStory, editorOrigins: readonly string[] = []): SurveyStory {
  const [live, setLive] = useState(story);
  useEffect(() => setLive(story), [story]);
  const storyId = story.id;
  const origins = editorOrigins.join(" ");
  useEffect(() => {
    if (!storyId || !isInStoryblokEditor(window.location.search)) return;
    const allowed = origins.split(" ").filter(Boolean);
    const editorOrigin = editorOriginFor(document.referrer, allowed);
    // The bridge believes any window's message. Only the editor's reach it:
    // this capture listener on window runs before the bridge's own.
    const dropForeignMessages = (event: MessageEvent) => {
      if (!allowed.includes(event.origin)) event.stopImmediatePropagation();
    };
    window.addEventListener("message", dropForeignMessages, true);
    let active = true;
    import("@storyblok/react")
      .then(async ({ loadStoryblokBridge, registerStoryblokBridge }) => {
        await loadStoryblokBridge();
        if (!active) return;
        registerStoryblokBridge(storyId, (next) => setLive(next as unknown as SurveyStory), {
          // The bridge answers this editor only (its default is app.storyblok.com).
          customParent: editorOrigin,
          preventClicks: true,
        });
      })
      .catch(() => {
        // Outside the real editor the bridge may refuse to start; the published preview stays.
      });
    return () => {
      active = false;
      window.removeEventListener("message", dropForeignMessages, true);
    };
  }, [storyId, origins]);
  return live;
}
