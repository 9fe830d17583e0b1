import { expect, test } from "vitest";
import { CONTROL_STRINGS, LINE_BREAK_STRINGS } from "../../../tests/support/hostile-strings";
import { classNameSchema, contactSchema } from "./classroom";
import {
  findForbiddenEntry,
  findForbiddenText,
  forbiddenTextMessage,
  multiLineText,
  singleLineText,
  untrimmedText,
} from "./text";

test("ordinary text in any script, emoji and marks included, is clean", () => {
  for (const text of [
    "Ada Lovelace",
    "Zoë O'Brien-Łukasiewicz",
    "山田 太郎",
    "مريم",
    "🧑‍🏫👩🏽‍🎓",
    "a\u00A0b",
    "\uFEFF\u200B",
  ]) {
    expect(forbiddenTextMessage(text, "single-line"), text).toBeNull();
  }
});

test("NUL, C0 and C1 controls, DEL, noncharacters and lone surrogates are refused in every kind of field", () => {
  for (const text of CONTROL_STRINGS) {
    expect(forbiddenTextMessage(text, "single-line"), JSON.stringify(text)).not.toBeNull();
    expect(forbiddenTextMessage(text, "multi-line"), JSON.stringify(text)).not.toBeNull();
  }
});

test("the message names the character, so an invisible one can be found", () => {
  expect(forbiddenTextMessage("a\u0000b", "multi-line")).toBe(
    "This text contains an invisible control character (U+0000) that cannot be saved. Remove it and try again.",
  );
  expect(forbiddenTextMessage("a\u0085", "multi-line")).toContain("(U+0085)");
  expect(forbiddenTextMessage("a\uD800", "multi-line")).toContain("a broken character");
  expect(forbiddenTextMessage("a\uFFFE", "multi-line")).toContain("(U+FFFE)");
});

test("tab and line breaks: refused in single-line fields, kept in multi-line ones", () => {
  for (const text of LINE_BREAK_STRINGS) {
    expect(forbiddenTextMessage(text, "single-line"), JSON.stringify(text)).toBe(
      "Keep this on one line: remove the line break or tab.",
    );
    expect(forbiddenTextMessage(text, "multi-line"), JSON.stringify(text)).toBeNull();
  }
});

test("a pair of surrogates (an emoji) is one character, not a broken one", () => {
  expect(forbiddenTextMessage("\uD83D\uDE00", "single-line")).toBeNull();
  expect(forbiddenTextMessage("\uDE00\uD83D", "single-line")).not.toBeNull();
});

test("the zod types: trimmed edges are cleaned, anything inside is a field error", () => {
  expect(singleLineText().parse("\tAda Lovelace\r\n")).toBe("Ada Lovelace");
  expect(singleLineText().safeParse("Ada\tLovelace").success).toBe(false);
  expect(multiLineText().parse(" line one\nline two\t(tab) ")).toBe("line one\nline two\t(tab)");
  expect(multiLineText().safeParse("line\u0000").success).toBe(false);
  expect(untrimmedText().parse(" pass word ")).toBe(" pass word ");
  expect(untrimmedText().safeParse("pass\u0001").success).toBe(false);
});

test("shared schemas use them: a class name and a contact's fields", () => {
  expect(classNameSchema.safeParse("5A\u0000").error?.issues[0].message).toContain("U+0000");
  const contact = contactSchema.safeParse({
    name: "Parent\u0085",
    notes: "Line one\nline two",
    relationship: "Mother\tFather",
  });
  expect(contact.error?.issues.map((issue) => issue.path.join("."))).toEqual(["name", "relationship"]);
});

test("the backstop finds a bad key or value anywhere in a JSON body, with its path", () => {
  expect(findForbiddenText({ name: "ok", answers: { q1: "fine\nline", q2: ["x", "a\u0000"] } })).toEqual({
    field: "answers.q2.1",
    message: expect.stringContaining("U+0000"),
  });
  expect(findForbiddenText({ "key\u0001": 1 })?.field).toBe("key\u0001");
  expect(findForbiddenText({ notes: "tab\tand\r\nbreaks" })).toBeNull();
  expect(findForbiddenText("\uD800")?.field).toBe("(body)");
});

test("the backstop checks a form's names and values", () => {
  const form = new FormData();
  form.append("name", "Ada");
  form.append("notes", "two\nlines");
  expect(findForbiddenEntry(form.entries())).toBeNull();
  form.append("x\u0000", "y");
  expect(findForbiddenEntry(form.entries())?.field).toBe("x\u0000");
  expect(findForbiddenEntry(new URLSearchParams("q=a%00b").entries())?.field).toBe("q");
});
