/**
 * The preview's own words in the language of the content shown (ADR 229):
 * `SurveyLabelsProvider` around the preview, `useSurveyLabels()` in a block.
 * See app/lib/i18n/survey-labels.ts.
 */
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { BrowserI18n } from "~/lib/i18n/browser-react-i18next";
import type { SurveyLabels } from "~/lib/i18n/survey-labels";

const SurveyLabelsContext = createContext<BrowserI18n | null>(null);

export function SurveyLabelsProvider({ labels, children }: { labels: SurveyLabels; children?: ReactNode }) {
  const i18n = useMemo(() => new BrowserI18n(labels), [labels]);
  return <SurveyLabelsContext.Provider value={i18n}>{children}</SurveyLabelsContext.Provider>;
}

type Say = (key: string, values?: Record<string, unknown>) => string;

/** `t` for the preview's own words: the content's language inside a provider, else the page's (`student`). */
export function useSurveyLabels(): Say {
  const labels = useContext(SurveyLabelsContext);
  const { t } = useTranslation("student");
  if (labels) return (key, values) => labels.t("student", key, values);
  return t as unknown as Say;
}
