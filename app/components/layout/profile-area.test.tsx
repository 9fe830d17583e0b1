import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { validateHtmlFragment } from "../../../tests/support/html-validate";
import { initials, ProfileArea, type ProfileState } from "./profile-area";

const user = { name: "Amara Okafor", email: "amara@example.org", school: { name: "Riverside Primary School" } };

test("loaded: initials, name, e-mail and school name", () => {
  const html = renderToStaticMarkup(<ProfileArea state="loaded" user={user} />);
  expect(html).toMatch(/initials-circle[^>]*>AO</);
  expect(html).toContain("Amara Okafor");
  expect(html).toContain("amara@example.org");
  expect(html).toContain("Riverside Primary School");
});

test("loaded without a school: no school line", () => {
  const html = renderToStaticMarkup(<ProfileArea state="loaded" user={{ ...user, school: null }} />);
  expect(html).not.toContain("profile-school");
});

test("loading: a grey pulsing placeholder", () => {
  const html = renderToStaticMarkup(<ProfileArea state="loading" user={user} />);
  expect(html).toMatch(/class="[^"]*pulse/);
  expect(html).not.toContain("Amara Okafor");
});

test("error: 'Error loading profile'", () => {
  expect(renderToStaticMarkup(<ProfileArea state="error" user={user} />)).toContain("Error loading profile");
});

test("no user: nothing", () => {
  expect(renderToStaticMarkup(<ProfileArea state="loaded" user={null} />)).toBe("");
});

test("initials take the first and last names", () => {
  expect(initials("Mary Ann de Vries")).toBe("MV");
  expect(initials("Cher")).toBe("C");
  expect(initials("  ")).toBe("?");
});

test.each<ProfileState>(["loaded", "loading", "error"])(
  "%s: valid HTML inside the menu's <summary> and <button> (phrasing content only)",
  async (state) => {
    const area = renderToStaticMarkup(<ProfileArea state={state} user={user} />);
    expect(await validateHtmlFragment(`<details><summary>${area}</summary><p>Menu</p></details>`)).toEqual([]);
    expect(await validateHtmlFragment(`<button type="button">${area}</button>`)).toEqual([]);
  },
);
