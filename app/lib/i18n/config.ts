/**
 * The i18next settings the server and the browser share (ADR 215): keys are
 * the English source texts (no key or namespace separators, so a text may hold
 * "." and ":"), messages are ICU MessageFormat (i18next-icu), React escapes.
 */
import type { InitOptions } from "i18next";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from "./languages";

/** The catalogues: app/locales/<language>/<namespace>.json. */
export const NAMESPACES = ["common", "student", "staff"] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const I18N_OPTIONS = {
  supportedLngs: [...LANGUAGE_CODES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  fallbackNS: "common",
  ns: [...NAMESPACES],
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; ICU does the interpolation.
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
  // Every catalogue is in memory before rendering: nothing to wait for.
  initAsync: false,
  react: { useSuspense: false },
} satisfies InitOptions;

const STUDENT_AREA = /^\/(join|student)(\/|$)/;
/** Staff screens that show survey content as a student sees it (the survey preview, results). */
const STAFF_WITH_STUDENT_TEXTS = /^\/(survey\/content\/|class\/[^/]+\/surveys(\/|$)|admin\/survey\/)/;

/**
 * The namespaces a page of this path renders, which the root loader sends to
 * the browser (only the active language's): the student pages need `common`
 * and `student`, the staff screens `common` and `staff` (and `student` where
 * they show a survey as a student sees it).
 */
export function namespacesForPath(pathname: string): Namespace[] {
  if (STUDENT_AREA.test(pathname)) return ["common", "student"];
  if (STAFF_WITH_STUDENT_TEXTS.test(pathname)) return ["common", "staff", "student"];
  return ["common", "staff"];
}
