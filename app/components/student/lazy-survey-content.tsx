/**
 * The survey's content blocks in their own chunk, as the preview's renderer
 * is (ADR 141): markdown and the video player are code that the join page and
 * the list never need. The server renders them in full, so the page reads the
 * same without JavaScript; in the browser the server's markup stays until the
 * chunk has loaded. The stylesheet is imported here so that it stays a
 * stylesheet of the route (linked in the HTML, for a page without JavaScript).
 */
import "../survey/survey-preview.css";
import { lazy, Suspense } from "react";
import type { ContentBlock } from "~/lib/survey-content";

const SurveyContentBlocks = lazy(() =>
  import("./survey-content-blocks").then((module) => ({ default: module.SurveyContentBlocks })),
);

export function LazySurveyContent({ blocks }: { blocks: ContentBlock[] }) {
  if (blocks.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SurveyContentBlocks blocks={blocks} />
    </Suspense>
  );
}
