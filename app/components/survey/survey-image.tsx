import { Link, Text } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import { useTranslation } from "react-i18next";
import { safeContentUrl } from "~/lib/content-url";
import { hasText, type SurveyImageBlock } from "~/lib/survey-content";

/**
 * survey-image: shown only when the asset has a filename that passes the
 * links' protocol filter (a `data:` or `javascript:` filename shows nothing);
 * alt text defaults to 'Image'.
 */
export function SurveyImage({ blok }: { blok: SurveyImageBlock }) {
  const { t } = useTranslation("student");
  const filename = safeContentUrl(blok.image?.filename);
  if (!filename) return null;
  const alt = hasText(blok.image?.alt) ? blok.image.alt : t("Image");
  return (
    <figure className="survey-image" {...storyblokEditable(blok)}>
      <img src={filename} alt={alt} loading="lazy" decoding="async" />
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
