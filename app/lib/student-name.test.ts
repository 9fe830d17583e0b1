import { expect, test } from "vitest";
import { normalizeStudentName, studentNameText } from "./student-name";

test("invisible, format and bidi characters are removed from a name", () => {
  const hidden = [
    "\u200b",
    "\u200c",
    "\u200d",
    "\u00ad",
    "\u2060",
    "\ufeff",
    "\u200e",
    "\u200f",
    "\u202e",
    "\u2066",
    "\u2069",
    "\u3164",
    "\ufe0f",
  ];
  for (const character of hidden) {
    expect(normalizeStudentName(`Fe${character}lix`)).toBe("Felix");
  }
});

test("compatibility forms become the plain letters (NFKC), spaces are tidied", () => {
  expect(normalizeStudentName("  Ｆｅｌｉｘ \u00a0 Costa ")).toBe("Felix Costa");
  expect(normalizeStudentName("ﬁona")).toBe("fiona");
  expect(normalizeStudentName("Ze\u0301lie")).toBe("Zélie");
});

test("a name field counts the normalised name: invisible characters alone are no name", () => {
  const field = studentNameText("Enter a first name").min(1, "Enter a first name");
  expect(field.safeParse("\u200b\u200d").success).toBe(false);
  expect(field.parse(" Fe\u00adlix ")).toBe("Felix");
});
