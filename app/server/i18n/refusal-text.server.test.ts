import { expect, test } from "vitest";
import { conflict, rateLimited } from "../errors.server";
import { translatorFor } from "./i18n.server";
import { sayInEnglish, sayRefusal, withSaying } from "./refusal-text.server";

test("a refusal with values: its message is the English, and a screen says it in German", () => {
  const error = withSaying(conflict(""), (t) => t("{name} already teaches this class.", { name: "Ana Ruiz" }));
  expect(error.message).toBe("Ana Ruiz already teaches this class.");
  expect(error.code).toBe("CONFLICT");
  expect(sayRefusal(error, translatorFor("de", "staff"))).toBe("Ana Ruiz unterrichtet diese Klasse schon.");
});

test("a refusal without a saying is looked up by its text; one the catalogue lacks stays as it is", () => {
  const german = translatorFor("de", "staff");
  expect(sayRefusal(conflict("Invalid email or password."), german)).toBe("E-Mail-Adresse oder Passwort ist falsch.");
  expect(sayRefusal(conflict("Not a catalogue text."), german)).toBe("Not a catalogue text.");
});

test("English formatting of an ICU plural: the rate limit's minutes", () => {
  const message = "(try again in about {minutes, plural, one {# minute} other {# minutes}})";
  expect(sayInEnglish(message, { minutes: 1 })).toBe("(try again in about 1 minute)");
  expect(sayInEnglish(message, { minutes: 5 })).toBe("(try again in about 5 minutes)");
  const error = withSaying(
    rateLimited("", 300),
    (t) => `${t("Too many sign-in attempts.")} ${t(message, { minutes: 5 })}`,
  );
  expect(error.headers).toEqual({ "Retry-After": "300" });
  expect(sayRefusal(error, translatorFor("pl", "staff"))).toBe(
    "Za dużo prób logowania. (spróbuj ponownie za około 5 minut)",
  );
  expect(sayRefusal(error, translatorFor("ar", "staff"))).toContain("محاولات تسجيل دخول كثيرة جدًا.");
});
