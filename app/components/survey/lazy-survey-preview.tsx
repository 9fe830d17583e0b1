/**
 * The survey preview, loaded in its own chunk (ADR 141): the renderer
 * (markdown, video, the drawing canvas, Storyblok's editable attributes) is
 * 40 kB gzip that only the two preview screens need. The server renders it
 * in full, so the page reads the same without JavaScript; in the browser the
 * server's markup stays until the chunk has loaded, then hydrates.
 *
 * Its stylesheet is imported here, not in the lazy module, so that it stays
 * a stylesheet of the route: React Router links a route's CSS in the HTML,
 * and a page without JavaScript needs it.
 */
import "./survey-preview.css";
import { lazy, Suspense } from "react";
import type { SurveyBlock } from "~/lib/survey-content";

const SurveyPreview = lazy(() => import("./survey-preview").then((module) => ({ default: module.SurveyPreview })));

export function LazySurveyPreview({ blok }: { blok: SurveyBlock }) {
  return (
    <Suspense fallback={null}>
      <SurveyPreview blok={blok} />
    </Suspense>
  );
}
