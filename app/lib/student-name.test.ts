import { expect, test } from "vitest";
import { normalizeStudentName, STUDENT_NAME_MESSAGES, studentNameProblem, studentNameText } from "./student-name";

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

test("names of real scripts are allowed; symbols, blanks, historic scripts and one-letter script swaps are not", () => {
  for (const name of [
    "Anne-Marie O'Neil",
    "Nguyễn Thị Minh",
    "José",
    "Zoë",
    "Ζωή",
    "Мария",
    "محمد",
    "דוד",
    "देवनागरी",
    "山田はな",
    "김민준",
    "Gal·la",
    "J. R.",
    "Pupil 1.1",
  ]) {
    expect(studentNameProblem(normalizeStudentName(name)), name).toBeNull();
  }
  expect(studentNameProblem(normalizeStudentName("Felix\u2800"))).toBe("characters");
  expect(studentNameProblem(normalizeStudentName("Fe\uffe8ix"))).toBe("characters");
  expect(studentNameProblem(normalizeStudentName("Felix\u{16fe4}"))).toBe("characters");
  expect(studentNameProblem(normalizeStudentName("Felix 😀"))).toBe("characters");
  expect(studentNameProblem(normalizeStudentName("Feli\u04b3"))).toBe("scripts");
  expect(studentNameProblem(normalizeStudentName("F\u13acix"))).toBe("scripts");
  expect(studentNameProblem(normalizeStudentName("Fe\u0301\u0302\u0303\u0304\u0305lix"))).toBe("marks");
  const field = studentNameText("Enter a first name");
  expect(field.safeParse("Feli\u04b3").error?.issues[0]?.message).toBe(STUDENT_NAME_MESSAGES.scripts);
});
