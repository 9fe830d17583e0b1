/**
 * A survey's content blocks (headers, text with the links' filter, images
 * with the URL filter, videos) as the preview shows them, for the answering
 * page. Loaded in its own chunk (lazy-survey-content.tsx).
 */
import { type ContentBlock, headerAnchorIds, videoFrameTitles } from "~/lib/survey-content";
import { SurveyBlock } from "../survey/survey-block";
import { useSurveyLabels } from "../survey/survey-labels";

export function SurveyContentBlocks({ blocks }: { blocks: ContentBlock[] }) {
  const t = useSurveyLabels();
  const videoTitles = videoFrameTitles(blocks, t);
  const anchorIds = headerAnchorIds(blocks);
  return (
    <div className="student-content survey-preview">
      {blocks.map((block) => (
        <SurveyBlock
          key={block._uid}
          blok={block}
          videoTitle={videoTitles.get(block._uid)}
          anchorId={anchorIds.get(block._uid)}
        />
      ))}
    </div>
  );
}
