import { Link, Text } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import { hasText, type SurveyVideoBlock } from "~/lib/survey-content";
import { extractYouTubeId, youTubeEmbedUrl, youTubeWatchUrl } from "~/lib/video-id";
import { useSurveyLabels } from "./survey-labels";

export const VIDEO_PLAYER_PERMISSIONS =
  "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture";

/**
 * survey video block: the YouTube player (privacy-enhanced host), 100% wide
 * and 480 high, with a plain link for networks that block the player. The
 * frame's title is the video's own (`videoFrameTitles`, unique on the page).
 * Nothing renders when no video id can be extracted (docs/product.md#video-id-extraction).
 */
export function SurveyVideo({ blok, title }: { blok: SurveyVideoBlock; title?: string }) {
  const t = useSurveyLabels();
  const id = extractYouTubeId(blok.youtube_link);
  if (!id) return null;
  return (
    <figure className="survey-video" {...storyblokEditable(blok)}>
      <iframe
        src={youTubeEmbedUrl(id)}
        title={title ?? (hasText(blok.title) ? blok.title : t("Survey video"))}
        // 100% wide through CSS: the width attribute takes pixels only (a percentage is invalid HTML).
        style={{ width: "100%" }}
        height="480"
        allow={VIDEO_PLAYER_PERMISSIONS}
        allowFullScreen
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
      <figcaption>
        <Text size="2" color="gray">
          {t("Video not showing?")}{" "}
          <Link href={youTubeWatchUrl(id)} rel="noopener noreferrer" underline="always">
            {t("Watch it on YouTube")}
          </Link>
        </Text>
      </figcaption>
    </figure>
  );
}
