import { useTranslation } from "react-i18next";
import type { FaceMood } from "~/lib/face-scale";
import { FaceDrawing } from "../survey/face-drawing";

/**
 * A distribution as horizontal bars drawn with CSS on the server: readable
 * without JavaScript, printable, and with every number in the text. A bar's
 * length is its share of the question's answers. Numbers are written in the
 * reader's language (Intl). A face scale's options show their face before the label.
 */
export function ResultBars({
  options,
  total,
  labelledBy,
}: {
  options: { label: string; count: number; face?: FaceMood }[];
  total: number;
  labelledBy: string;
}) {
  const { i18n } = useTranslation();
  const count = new Intl.NumberFormat(i18n.language);
  const share = new Intl.NumberFormat(i18n.language, { style: "percent" });
  return (
    <ul className="result-bars" aria-labelledby={labelledBy}>
      {options.map((option) => {
        const percent = total === 0 ? 0 : Math.round((option.count / total) * 100);
        return (
          <li key={option.label} className="result-bar-row">
            <span className="result-bar-label">
              {option.face ? <FaceDrawing mood={option.face} size={28} /> : null}
              <span dir="auto">{option.label}</span>
            </span>
            <span className="result-bar-track" aria-hidden="true">
              <span className="result-bar-fill" style={{ width: `${percent}%`, display: "block" }} />
            </span>
            <span className="result-bar-count">
              {count.format(option.count)} ({share.format(percent / 100)})
            </span>
          </li>
        );
      })}
    </ul>
  );
}
