import type { BlockBase, ContentBlock, ResponseBlock } from "~/lib/survey-content";
import { ResponseArt } from "./response-art";
import { ResponseFaces } from "./response-faces";
import { ResponseOptions } from "./response-options";
import { ResponseText } from "./response-text";
import { SurveyHeader } from "./survey-header";
import { SurveyImage } from "./survey-image";
import { SurveyText } from "./survey-text";
import { SurveyVideo } from "./survey-video";

/**
 * One content or response block by its Storyblok component name; unknown components render nothing.
 * `videoTitle` names a video's frame (videoFrameTitles over the page's blocks), `anchorId` a header's
 * unique anchor (headerAnchorIds).
 */
export function SurveyBlock({
  blok,
  videoTitle,
  anchorId,
}: {
  blok: ContentBlock | ResponseBlock | BlockBase;
  videoTitle?: string;
  anchorId?: string;
}) {
  const block = blok as ContentBlock | ResponseBlock;
  switch (block.component) {
    case "survey-header":
      return <SurveyHeader blok={block} anchorId={anchorId} />;
    case "survey-image":
      return <SurveyImage blok={block} />;
    case "survey-text":
      return <SurveyText blok={block} />;
    case "survey-video":
      return <SurveyVideo blok={block} title={videoTitle} />;
    case "response-options":
      return <ResponseOptions blok={block} />;
    case "response-faces":
      return <ResponseFaces blok={block} />;
    case "response-text":
      return <ResponseText blok={block} />;
    case "response-art":
      return <ResponseArt blok={block} />;
    default:
      return null;
  }
}
