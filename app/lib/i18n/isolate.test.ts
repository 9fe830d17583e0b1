import { expect, test } from "vitest";
import { surveyLabelsFor } from "~/server/i18n/catalogues.server";
import { translatorFor } from "~/server/i18n/i18n.server";
import { BrowserI18n } from "./browser-react-i18next";
import { isolateText, isolateValues } from "./isolate";

const FSI = "\u2068";
const PDI = "\u2069";

test("text of the other direction is isolated; text of the message's own direction and numbers are not", () => {
  expect(isolateText("4 Willow", "rtl")).toBe(`${FSI}4 Willow${PDI}`);
  expect(isolateText("صف الصفصاف 4", "ltr")).toBe(`${FSI}صف الصفصاف 4${PDI}`);
  expect(isolateText("4 Willow", "ltr")).toBe("4 Willow");
  expect(isolateText("صف الصفصاف", "rtl")).toBe("صف الصفصاف");
  expect(isolateText("2026-11-27", "rtl")).toBe("2026-11-27");
  expect(isolateText("تسجيل الدخول باستخدام Google", "rtl")).toBe("تسجيل الدخول باستخدام Google");
  expect(isolateText("https://school.test/login", "rtl")).toBe("https://school.test/login");
  expect(isolateText("ana.ruiz@school.test", "rtl")).toBe("ana.ruiz@school.test");
  expect(isolateText(isolateText("Willow", "rtl"), "rtl")).toBe(`${FSI}Willow${PDI}`);
  const values = { name: "Zara Newkid", count: 3 };
  expect(isolateValues(values, "ltr")).toBe(values);
  expect(isolateValues(values, "rtl")).toEqual({ name: `${FSI}Zara Newkid${PDI}`, count: 3 });
});

test("the server's messages isolate an English class name in Arabic (a toast's text), not in English", () => {
  const arabic = translatorFor("ar", "staff")("Class {name} created.", { name: "4 Willow" });
  expect(arabic).toContain(`${FSI}4 Willow${PDI}`);
  expect(translatorFor("en", "staff")("Class {name} created.", { name: "4 Willow" })).toBe("Class 4 Willow created.");
});

test("the browser's formatter does the same (the hydrated page says what the server said)", () => {
  const labels = surveyLabelsFor("ar");
  const browser = new BrowserI18n(labels);
  const server = translatorFor("ar", "student");
  const say = (t: (key: string, values: Record<string, unknown>) => string) =>
    t("Video: {header}", { header: "Roots in a jar" });
  expect(say((key, values) => browser.t("student", key, values))).toBe(say((key, values) => server(key, values)));
  expect(say((key, values) => browser.t("student", key, values))).toContain(`${FSI}Roots in a jar${PDI}`);
});
