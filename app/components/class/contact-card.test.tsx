import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { LANGUAGE_CODES } from "~/lib/i18n/languages";
import { ContactCard, RELATIONSHIP_WORDS } from "./contact-card";

const contact = { name: "Omar Haddad", email: null, phonePrimary: null, phoneSecondary: null, notes: null };

test("every usual relationship has its word in each language's staff catalogue", () => {
  // English text is the key: the English catalogue has no entries of its own (app/locales/catalogues.test.ts).
  for (const language of LANGUAGE_CODES.filter((code) => code !== "en")) {
    const staff = JSON.parse(readFileSync(`app/locales/${language}/staff.json`, "utf8")) as Record<string, string>;
    for (const word of RELATIONSHIP_WORDS) expect(staff[word], `${language}: ${word}`).toBeTruthy();
  }
  const german = JSON.parse(readFileSync("app/locales/de/staff.json", "utf8")) as Record<string, string>;
  expect(german.Father).toBe("Vater");
});

test("a relationship of the teacher's own words is shown as typed, in its own direction", () => {
  const html = renderToStaticMarkup(<ContactCard contact={{ ...contact, relationship: "Nachbarin" }} />);
  expect(html).toContain("<bdi>Nachbarin</bdi>");
  expect(renderToStaticMarkup(<ContactCard contact={{ ...contact, relationship: "Father" }} />)).not.toContain(
    "<bdi>Father</bdi>",
  );
});
