import { Link, Text } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import { safeContentUrl } from "~/lib/content-url";
import { hasText, imageDimensions, type SurveyImageBlock } from "~/lib/survey-content";
import { useSurveyLabels } from "./survey-labels";

/**
 * survey-image: shown only when the asset has a filename that passes the
 * links' protocol filter (a `data:` or `javascript:` filename shows nothing).
 * Its alt text is the content's; an image without one gets 'Image' (the
 * specification's default, in the reader's language). Width and height come from the URL's
 * `/{W}x{H}/` segment, so the page keeps the image's room while it loads (ADR 221).
 */
export function SurveyImage({ blok }: { blok: SurveyImageBlock }) {
  const t = useSurveyLabels();
  const filename = safeContentUrl(blok.image?.filename);
  if (!filename) return null;
  const alt = hasText(blok.image?.alt) ? blok.image.alt.trim() : t("Image");
  const size = imageDimensions(filename);
  return (
    <figure className="survey-image" {...storyblokEditable(blok)}>
      <img src={filename} alt={alt} width={size?.width} height={size?.height} loading="lazy" decoding="async" />
      <figcaption>
        <Text size="1" color="gray">
          <Link href={filename} color="gray">
            {t("Open the image on its own")}
          </Link>
        </Text>
      </figcaption>
    </figure>
  );
}
