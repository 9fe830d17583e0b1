import { Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import type { SubmittedDrawing } from "~/server/responses/drawings.server";

const DRAWINGS_SHOWN = 50;

/** Students' drawings for one question, as images the teacher's session may load. */
export function DrawingGallery({ drawings, labelledBy }: { drawings: SubmittedDrawing[]; labelledBy: string }) {
  const { t } = useTranslation("staff");
  if (drawings.length === 0) {
    return (
      <Text size="2" color="gray">
        {t("No drawings yet. They appear here as students answer.")}
      </Text>
    );
  }
  return (
    <>
      <ul className="plain-list drawing-gallery" aria-labelledby={labelledBy}>
        {drawings.slice(0, DRAWINGS_SHOWN).map((drawing) => {
          const name = drawing.firstName ? `${drawing.firstName} ${drawing.lastName ?? ""}`.trim() : null;
          return (
            <li key={drawing.drawingId}>
              <figure>
                <a href={drawing.url}>
                  <img
                    src={drawing.url}
                    alt={name ? t("Drawing by {name}", { name }) : t("A student's drawing")}
                    loading="lazy"
                    width={300}
                    height={200}
                  />
                </a>
                {name ? (
                  <figcaption>
                    <bdi>{name}</bdi>
                  </figcaption>
                ) : null}
              </figure>
            </li>
          );
        })}
      </ul>
      {drawings.length > DRAWINGS_SHOWN ? (
        <Text size="2" color="gray">
          {t("Showing {shown} of {count} drawings.", { shown: DRAWINGS_SHOWN, count: drawings.length })}
        </Text>
      ) : null}
    </>
  );
}
