/**
 * The request's language (issue #28, ADR 215, ADR 216) and its translations
 * on the server. Our i18nMiddleware (in app/root.tsx's middleware, after
 * the root middleware) detects the language once per request and puts the
 * language's i18next instance (every catalogue, made once per process) in
 * the router context; loaders, actions and the server render read it from there.
 *
 * Detection (remix-i18next's LanguageDetector, in this order):
 * 1. `?lng=<code>` on the URL (the student language menu's GET form; the root
 *    loader then keeps the choice in the `lng` cookie);
 * 2. ours (`findLocale`): a signed-in staff user's own choice (users.locale),
 *    else their school's (schools.locale); anyone else: the `lng` cookie (a
 *    student's or visitor's choice), else for a signed-in student the class's
 *    language (classes.locale), else the school's;
 * 3. the browser's Accept-Language; 4. English.
 *
 * Usage:
 *   const t = await getServerT(context, "student");
 *   t("Join your class"); t("{count, plural, one {# answer} other {# answers}}", { count });
 *   getLanguage(context) // "de"
 */

import { eq } from "drizzle-orm";
import { createInstance, type i18n, type TFunction } from "i18next";
import ICU from "i18next-icu";
import { initReactI18next } from "react-i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { LanguageDetector } from "remix-i18next/server";
import { I18N_OPTIONS, type Namespace } from "~/lib/i18n/config";
import { isolateValues } from "~/lib/i18n/isolate";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_CODES,
  type Language,
  languageDir,
  type TextDirection,
} from "~/lib/i18n/languages";
import { getRequestAuth } from "../auth/guards.server";
import { classIdOfCode } from "../class-codes/join.server";
import { getAppFromContext } from "../context.server";
import { classes, schools } from "../db/schema.server";
import { findCardHolder } from "../students/card-tokens.server";
import { getOptionalStudent, hasStudentCookie, STUDENT_SESSION_TTL_MS } from "../students/student-session.server";
import { RESOURCES } from "./catalogues.server";

type Context = Readonly<RouterContextProvider>;

/** The URL parameter that chooses the language for this request (and, through the root loader, the cookie). */
export const LANGUAGE_PARAM = "lng";

/**
 * A student's or visitor's language choice (not a secret, not signed): lasts
 * a school day, as the student session does. Secure and Max-Age are set where
 * it is written (languageCookieHeader).
 */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true });

/**
 * One ICU formatter for every request: it memoises each parsed message (keyed by language, namespace and key).
 * Values of the other direction than the message's language are isolated (app/lib/i18n/isolate.ts).
 *
 * English has no catalogue (the key is the text), so every English message is
 * a "fallback" to i18next-icu, which by default parses such a message again on
 * every call: a new IntlMessageFormat per `t()`, the largest share of an
 * English page's translating (issue 34). It memoises those too; the keys it
 * has memoised are counted, and past MAX_MEMOISED (a text that is not in the
 * code, e.g. an error message passed through `t`) the memo starts again.
 */
const icu = new ICU({ memoizeFallback: true });
const MAX_MEMOISED = 20_000;
const memoised = new Set<string>();
type IcuParse = (
  res: string,
  options: Record<string, unknown>,
  lng: string,
  ns: string,
  key: string,
  ...rest: unknown[]
) => unknown;
const icuParse = (icu as unknown as { parse: IcuParse }).parse.bind(icu);
Object.assign(icu, {
  parse: ((res, options, lng, ns, key, ...rest) => {
    const memoKey = `${lng}\u0000${ns}\u0000${key}`;
    if (!memoised.has(memoKey)) {
      if (memoised.size >= MAX_MEMOISED) {
        icu.clearCache();
        memoised.clear();
      }
      memoised.add(memoKey);
    }
    return icuParse(res, isolateValues(options, languageDir(lng)), lng, ns, key, ...rest);
  }) as IcuParse,
});

/** findLocale gets only the request: the middleware hands it the request's context through this map. */
const requestContexts = new WeakMap<Request, Context>();

/** What every detection here shares: the languages, the fallback and the URL parameter. */
const DETECTION = {
  supportedLanguages: [...LANGUAGE_CODES],
  fallbackLanguage: DEFAULT_LANGUAGE,
  searchParamKey: LANGUAGE_PARAM,
};

const detector = new LanguageDetector({
  ...DETECTION,
  order: ["searchParams", "custom", "header"],
  findLocale: async (request) => {
    const context = requestContexts.get(request);
    return context ? await chosenLanguage(request, context) : null;
  },
});

const languageContext = createContext<string>();
const instanceContext = createContext<i18n>();

/**
 * The i18next instance of a language, made once per process: it holds every
 * catalogue and is only read during a request (`getFixedT`, react-i18next's
 * `useTranslation`; nothing changes its language), so requests in the same
 * language share it. remix-i18next's own middleware made and initialised a
 * new instance on every request, about a sixth of the reference page's time
 * (issue 34, docs/performance.md).
 */
const instances = new Map<string, i18n>();
function instanceFor(language: string): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance({ ...I18N_OPTIONS, resources: RESOURCES, lng: language });
    instance.use(icu).use(initReactI18next);
    void instance.init();
    if (isLanguage(language)) instances.set(language, instance);
  }
  return instance;
}

/**
 * remix-i18next's middleware with the instance made once per language: it
 * detects the request's language (remix-i18next's LanguageDetector, in the
 * order above) and puts the language and its instance in the router context.
 */
export const i18nMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  requestContexts.set(request, context);
  const language = await detector.detect(request);
  context.set(languageContext, language);
  context.set(instanceContext, instanceFor(language));
  return await next();
};

const getDetectedLanguage = (context: Context) => context.get(languageContext);
const getInstance = (context: Context) => context.get(instanceContext);

/**
 * Step 2 of the detection above. Never throws: with the database down the
 * language falls back to the browser's, and the page says what is wrong.
 */
async function chosenLanguage(request: Request, context: Context): Promise<string | null> {
  try {
    const { loaded } = await getRequestAuth(request, context);
    if (loaded) return loaded.user.locale ?? loaded.user.school?.locale ?? null;
    const cookie = await languageCookie.parse(request.headers.get("cookie"));
    if (isLanguage(cookie)) return cookie;
    // The QR link (`/join?code=…`) before the child has chosen: the class's language (issue 36).
    const url = new URL(request.url);
    const code = url.pathname === "/join" ? url.searchParams.get("code") : null;
    if (code && !hasStudentCookie(request)) {
      const classId = await classIdOfCode(getAppFromContext(context).db, code.slice(0, 64));
      return classId === null ? null : await classLanguage(context, classId);
    }
    // A card's QR link (`/join?card=…`): its class's language too.
    const card = url.pathname === "/join" ? url.searchParams.get("card") : null;
    if (card && !hasStudentCookie(request)) {
      const holder = await findCardHolder(getAppFromContext(context).db, card);
      return holder === null ? null : await classLanguage(context, holder.classId);
    }
    if (!hasStudentCookie(request)) return null;
    const student = await getOptionalStudent(request, context);
    if (!student) return null;
    return await classLanguage(context, student.classId);
  } catch {
    return null;
  }
}

/** The class's language, else its school's (null: neither is set). */
async function classLanguage(context: Context, classId: number): Promise<string | null> {
  const { db } = getAppFromContext(context);
  const [row] = await db
    .select({ classLocale: classes.locale, schoolLocale: schools.locale })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(eq(classes.id, classId))
    .limit(1);
  return row?.classLocale ?? row?.schoolLocale ?? null;
}

/**
 * A student API request's language for survey content (ADR 241): the student
 * pages' order, with the app's token in place of the cookie. `?lng=` (the
 * student's choice in the app), else the class's language, else the
 * school's, else Accept-Language, else English.
 */
export async function studentApiLanguage(request: Request, context: Context, classId: number): Promise<Language> {
  const chosen = new URL(request.url).searchParams.get(LANGUAGE_PARAM);
  if (isLanguage(chosen)) return chosen;
  const ofClass = await classLanguage(context, classId);
  return isLanguage(ofClass) ? ofClass : getLanguage(context);
}

/**
 * The language of a page answered before React Router (a 405, a 413, the
 * last-resort 500: ADR 228), by the same library's detector: `?lng=`, the
 * `lng` cookie, Accept-Language, English. It reads no database (a staff
 * member's own choice is then the browser's language, as on the 503 page)
 * and never throws.
 */
const plainDetector = new LanguageDetector({
  ...DETECTION,
  cookie: languageCookie,
  order: ["searchParams", "cookie", "header"],
});

export async function plainPageLanguage(request: Request): Promise<Language> {
  try {
    const language = await plainDetector.detect(request);
    return isLanguage(language) ? language : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The request's language (English where the middleware did not run). */
export function getLanguage(context: Context): Language {
  try {
    const language = getDetectedLanguage(context);
    return isLanguage(language) ? language : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function getDirection(context: Context): TextDirection {
  return languageDir(getLanguage(context));
}

/**
 * The request's i18next instance (every catalogue, the request's language);
 * where the middleware did not run (a request refused before it), an English
 * one.
 */
export function getI18n(context: Context): i18n {
  try {
    return getInstance(context);
  } catch {
    return englishInstance();
  }
}

/** The English instance: for a request refused before the middleware, and for work outside a request. */
function englishInstance(): i18n {
  return instanceFor(DEFAULT_LANGUAGE);
}

/**
 * A translator for the request's language and one namespace: keys are the
 * English texts (app/locales/en/<namespace>.json), ICU MessageFormat.
 * Accepts the router context (loaders, actions, middleware).
 */
export async function getServerT(context: Context, namespace: Namespace = "common"): Promise<TFunction> {
  return getI18n(context).getFixedT(getLanguage(context), namespace);
}

/** A translator for a given language, outside a request (e-mails sent later, jobs). */
export function translatorFor(language: string, namespace: Namespace = "common"): TFunction {
  return englishInstance().getFixedT(isLanguage(language) ? language : DEFAULT_LANGUAGE, namespace);
}

/** The Set-Cookie header that keeps a language choice for a school day. */
export function languageCookieHeader(language: Language, secure: boolean): Promise<string> {
  return languageCookie.serialize(language, { secure, maxAge: STUDENT_SESSION_TTL_MS / 1000 });
}
