/**
 * The message catalogues, app/locales/<language>/<namespace>.json, all in the
 * server's memory (the server bundle includes them; ADR 215). The browser
 * never loads this module: it loads the active language's catalogues of the
 * page's namespaces, compiled, as files named by their content's hash
 * (catalogueAsset), whose URLs the root loader names (issue 34).
 */
import { createHash } from "node:crypto";
import type { Resource } from "i18next";
import { IntlMessageFormat } from "intl-messageformat";
import type { CompiledCatalogue } from "~/lib/i18n/compiled";
import { NAMESPACES, type Namespace } from "~/lib/i18n/config";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language, languageDir } from "~/lib/i18n/languages";
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
 * Every key of a namespace: the English texts the code says, as the other
 * languages' catalogues hold them. English has no catalogue of keys: a key is
 * its own English text, and app/locales/en/<namespace>.json holds only the
 * messages whose English differs from the key (app/locales/catalogues.test.ts).
 */
function keysOf(namespace: Namespace): string[] {
  const keys = new Set<string>();
  for (const language of LANGUAGE_CODES) for (const key of Object.keys(CATALOGUES[language][namespace])) keys.add(key);
  return [...keys];
}

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

/**
 * One language's messages of a namespace, compiled. English leaves out every
 * key that reads as itself (the browser's `t` falls back to the key), so it
 * holds only the messages with arguments or quoting, and those whose English
 * differs from the key.
 */
function compiledCatalogue(language: Language, namespace: Namespace): CompiledCatalogue {
  const catalogue: CompiledCatalogue = {};
  const messages = CATALOGUES[language][namespace];
  const keys = language === DEFAULT_LANGUAGE ? keysOf(namespace) : Object.keys(messages);
  for (const key of keys) {
    const compiled = compile(messages[key] ?? key, language);
    if (language !== DEFAULT_LANGUAGE || compiled !== key) catalogue[key] = compiled;
  }
  return catalogue;
}

/** Where the compiled catalogues are served (app/http/catalogue-assets.server.ts): /i18n/<language>/<namespace>.<hash>.json */
export const CATALOGUE_PATH_PREFIX = "/i18n/";

export interface CatalogueAsset {
  url: string;
  body: string;
}

const assets = new Map<string, CatalogueAsset>();
const assetsByUrl = new Map<string, CatalogueAsset>();

/** A language's compiled catalogue of a namespace as a file named by its content's hash: it never changes. */
export function catalogueAsset(language: Language, namespace: Namespace): CatalogueAsset {
  const cacheKey = `${language}/${namespace}`;
  let asset = assets.get(cacheKey);
  if (!asset) {
    const body = JSON.stringify(compiledCatalogue(language, namespace));
    const hash = createHash("sha256").update(body).digest("base64url").slice(0, 10);
    asset = { url: `${CATALOGUE_PATH_PREFIX}${language}/${namespace}.${hash}.json`, body };
    assets.set(cacheKey, asset);
    assetsByUrl.set(asset.url, asset);
  }
  return asset;
}

let allBuilt = false;

/** The file at a URL, if it is one of the current catalogues (the first call builds them all). */
export function catalogueAssetAt(url: string): CatalogueAsset | undefined {
  if (!allBuilt) {
    for (const language of LANGUAGE_CODES) for (const namespace of NAMESPACES) catalogueAsset(language, namespace);
    allBuilt = true;
  }
  return assetsByUrl.get(url);
}

/** The URLs of one language's catalogues of the given namespaces: what the root loader names for the browser. */
export function catalogueUrls(language: Language, namespaces: readonly Namespace[]): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const namespace of namespaces) urls[namespace] = catalogueAsset(language, namespace).url;
  return urls;
}

/** One language's compiled messages of the given namespaces (the catalogue files' content). */
export function compiledCatalogues(
  language: Language,
  namespaces: readonly Namespace[],
): Record<string, CompiledCatalogue> {
  const picked: Record<string, CompiledCatalogue> = {};
  for (const namespace of namespaces) picked[namespace] = JSON.parse(catalogueAsset(language, namespace).body);
  return picked;
}

/** The survey preview's own words in the content's language (ADR 229): a few `student` messages, compiled. */
export function surveyLabelsFor(language: Language): SurveyLabels {
  const messages: CompiledCatalogue = {};
  for (const key of SURVEY_LABEL_KEYS) messages[key] = compile(CATALOGUES[language].student[key] ?? key, language);
  return { language, dir: languageDir(language), messages: { student: messages } };
}
