/**
 * react-i18next as the server build sees it (ADR 215): the server bundle
 * resolves `react-i18next` to this module (app/vite/browser-i18n.ts), which is
 * the real one except for `useTranslation`. The real hook is made for a
 * component that renders many times in the browser: on every call it copies
 * the i18next instance's properties into a wrapper object, asks for a new
 * fixed `t` and subscribes to language changes. A server render calls it once
 * per component, some hundred times a page, and nothing there changes the
 * language (each language has one instance, app/server/i18n/i18n.server.ts):
 * that copying was about a tenth of a page's server time (issue 34). Here the
 * hook returns, for the provided instance and the namespace, the same
 * `{ t, i18n, ready }` every time, made once.
 *
 * Its `t` remembers what a plain key (no values, no options) translates to:
 * the instance and its catalogues never change, so the answer is the same on
 * every call, and i18next's path for each call (copying its options twice,
 * resolving the key through the fallbacks) was the largest share of a staff
 * page's translating (issue 34, docs/performance.md). A key given with values
 * takes i18next's path every time.
 */
import { useContext } from "react";
import { getI18n, I18nContext } from "react-i18next";

export * from "react-i18next";

type I18n = NonNullable<ReturnType<typeof getI18n>>;
type Translator = ReturnType<I18n["getFixedT"]>;
type Translation = readonly [Translator, I18n, boolean] & { t: Translator; i18n: I18n; ready: boolean };

const made = new WeakMap<I18n, Map<string, Translation>>();

/** Plain keys remembered per translator; past this (texts not in the code passed through `t`) it starts again. */
const MAX_REMEMBERED = 5_000;

function rememberingPlainKeys(translator: Translator): Translator {
  const t = translator as unknown as (...args: unknown[]) => unknown;
  const plain = new Map<string, string>();
  const remembering = (...args: unknown[]) => {
    const [key] = args;
    if (args.length !== 1 || typeof key !== "string") return t(...args);
    let text = plain.get(key);
    if (text === undefined) {
      text = String(t(key));
      if (plain.size >= MAX_REMEMBERED) plain.clear();
      plain.set(key, text);
    }
    return text;
  };
  // With the fixed t's own properties (its language, namespace and key prefix).
  return Object.assign(remembering, translator) as unknown as Translator;
}

export function useTranslation(namespace?: string | readonly string[]): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const namespaces = namespace === undefined ? [String(i18n.options.defaultNS ?? "common")] : [namespace].flat();
  const key = `${i18n.language}|${namespaces.join(",")}`;
  let byKey = made.get(i18n);
  if (!byKey) {
    byKey = new Map();
    made.set(i18n, byKey);
  }
  let translation = byKey.get(key);
  if (!translation) {
    // As the real hook asks for it (scopeNs: the hook's namespaces, for selector keys).
    const getFixedT = i18n.getFixedT.bind(i18n) as (...args: unknown[]) => Translator;
    const t = rememberingPlainKeys(getFixedT(i18n.language, namespaces[0], undefined, { scopeNs: namespaces }));
    translation = Object.assign([t, i18n, true] as const, { t, i18n, ready: true });
    byKey.set(key, translation);
  }
  return translation;
}
