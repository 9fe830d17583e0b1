/**
 * The message catalogues, app/locales/<language>/<namespace>.json, all in the
 * server's memory (the server bundle includes them; ADR 215). The browser
 * never loads this module: it gets the active language's namespaces for the
 * page through the root loader, compiled (compiledCatalogues).
 */
import type { Resource } from "i18next";
import { IntlMessageFormat } from "intl-messageformat";
import type { CompiledCatalogue } from "~/lib/i18n/compiled";
import { NAMESPACES, type Namespace } from "~/lib/i18n/config";
import { LANGUAGE_CODES, type Language, languageDir } from "~/lib/i18n/languages";
import { SURVEY_LABEL_KEYS, type SurveyLabels } from "~/lib/i18n/survey-labels";
import arCommon from "../../locales/ar/common.json";
import arStaff from "../../locales/ar/staff.json";
import arStudent from "../../locales/ar/student.json";
import deCommon from "../../locales/de/common.json";
import deStaff from "../../locales/de/staff.json";
import deStudent from "../../locales/de/student.json";
import enCommon from "../../locales/en/common.json";
import enStaff from "../../locales/en/staff.json";
import enStudent from "../../locales/en/student.json";
import esCommon from "../../locales/es/common.json";
import esStaff from "../../locales/es/staff.json";
import esStudent from "../../locales/es/student.json";
import frCommon from "../../locales/fr/common.json";
import frStaff from "../../locales/fr/staff.json";
import frStudent from "../../locales/fr/student.json";
import plCommon from "../../locales/pl/common.json";
import plStaff from "../../locales/pl/staff.json";
import plStudent from "../../locales/pl/student.json";

export type Messages = Record<string, string>;

/*
 * Static imports, not import.meta.glob: the same module runs under Vite and
 * under plain tsx (the bench and load scripts seed through it).
 */
const FILES: Record<Language, Record<Namespace, Messages>> = {
  en: { common: enCommon, staff: enStaff, student: enStudent },
  de: { common: deCommon, staff: deStaff, student: deStudent },
  fr: { common: frCommon, staff: frStaff, student: frStudent },
  es: { common: esCommon, staff: esStaff, student: esStudent },
  pl: { common: plCommon, staff: plStaff, student: plStudent },
  ar: { common: arCommon, staff: arStaff, student: arStudent },
};

function load(): Record<Language, Record<Namespace, Messages>> {
  const catalogues = {} as Record<Language, Record<Namespace, Messages>>;
  for (const language of LANGUAGE_CODES) {
    catalogues[language] = {} as Record<Namespace, Messages>;
    for (const namespace of NAMESPACES) {
      const messages = FILES[language]?.[namespace];
      if (!messages) throw new Error(`Missing message catalogue app/locales/${language}/${namespace}.json`);
      catalogues[language][namespace] = messages;
    }
  }
  return catalogues;
}

const CATALOGUES = load();

/** Every language's every namespace, as i18next takes them. */
export const RESOURCES: Resource = CATALOGUES;

/**
 * A message as the browser gets it: its text when it has no arguments (ICU
 * quoting undone), otherwise its syntax tree, which intl-messageformat formats
 * without a parser (the browser build leaves the parser out, ADR 215).
 */
function compile(message: string, language: Language) {
  const ast = new IntlMessageFormat(message, language, undefined, { ignoreTag: true }).getAst();
  if (ast.length === 0) return "";
  const [only] = ast;
  return ast.length === 1 && only.type === 0 ? only.value : ast;
}

const compiled = new Map<string, CompiledCatalogue>();

function compiledCatalogue(language: Language, namespace: Namespace): CompiledCatalogue {
  const cacheKey = `${language}/${namespace}`;
  let catalogue = compiled.get(cacheKey);
  if (!catalogue) {
    catalogue = {};
    for (const [key, message] of Object.entries(CATALOGUES[language][namespace])) {
      catalogue[key] = compile(message, language);
    }
    compiled.set(cacheKey, catalogue);
  }
  return catalogue;
}

/** One language's messages of the given namespaces, compiled: what the root loader sends the browser. */
export function compiledCatalogues(
  language: Language,
  namespaces: readonly Namespace[],
): Record<string, CompiledCatalogue> {
  const picked: Record<string, CompiledCatalogue> = {};
  for (const namespace of namespaces) picked[namespace] = compiledCatalogue(language, namespace);
  return picked;
}

/** The survey preview's own words in the content's language (ADR 229): a few `student` messages, compiled. */
export function surveyLabelsFor(language: Language): SurveyLabels {
  const student = compiledCatalogue(language, "student");
  const messages: CompiledCatalogue = {};
  for (const key of SURVEY_LABEL_KEYS) if (key in student) messages[key] = student[key];
  return { language, dir: languageDir(language), messages: { student: messages } };
}
