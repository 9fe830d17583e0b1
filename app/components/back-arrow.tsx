import { useTranslation } from "react-i18next";

/**
 * The arrow before a "back" link's words ("← All surveys"): it points the way
 * back as the page reads, left in a left-to-right page and right in a
 * right-to-left one (ADR 229). Hidden from screen readers: the words say it.
 * (A catalogue text with its arrow in it, "← Previous", is written the
 * right way round by its translator.)
 */
export function BackArrow() {
  const { i18n } = useTranslation();
  return <span aria-hidden="true">{i18n.dir() === "rtl" ? "→" : "←"}</span>;
}
