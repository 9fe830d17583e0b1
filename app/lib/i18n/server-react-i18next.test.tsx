/**
 * The server's useTranslation (ADR 215): its `t` gives what i18next gives, and
 * asks i18next once per plain key (issue 34); a key with values every time.
 */
import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { expect, test } from "vitest";
import { useTranslation } from "./server-react-i18next";

function Page() {
  const { t } = useTranslation("staff");
  return (
    <p>
      {t("Students")}|{t("Students")}|{t("{{count}} students", { count: 3 })}|{t("{{count}} students", { count: 4 })}|
      {useTranslation("staff").t("Students")}|{t("Not in the catalogue")}
    </p>
  );
}

test("plain keys are translated once per translator, keys with values on every call", () => {
  const i18n = createInstance({
    lng: "de",
    fallbackLng: "en",
    ns: ["staff"],
    defaultNS: "staff",
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: { de: { staff: { Students: "Schüler", "{{count}} students": "{{count}} Schüler" } } },
  });
  void i18n.init();
  const asked: string[] = [];
  const translate = i18n.t.bind(i18n);
  i18n.t = ((key: string, ...rest: unknown[]) => {
    asked.push(key);
    return (translate as unknown as (...args: unknown[]) => string)(key, ...rest);
  }) as unknown as typeof i18n.t;

  const render = () =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <Page />
      </I18nextProvider>,
    );
  expect(render()).toBe(
    "<p>Schüler<!-- -->|<!-- -->Schüler<!-- -->|<!-- -->3 Schüler<!-- -->|<!-- -->4 Schüler<!-- -->|<!-- -->Schüler<!-- -->|<!-- -->Not in the catalogue</p>",
  );
  expect(render()).toContain("Schüler");
  expect(asked).toEqual([
    "Students",
    "{{count}} students",
    "{{count}} students",
    "Not in the catalogue",
    "{{count}} students",
    "{{count}} students",
  ]);
});
