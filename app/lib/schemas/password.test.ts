import { expect, test } from "vitest";
import { signUpSchema } from "./auth";
import { changePasswordSchema, newPasswordSchema } from "./password";

function messagesFor(input: Record<string, unknown>) {
  const result = changePasswordSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    byField[field] = [...(byField[field] ?? []), issue.message];
  }
  return byField;
}

const valid = { currentPassword: "old", newPassword: "Abcdefg1", confirmPassword: "Abcdefg1" };

test("a valid change passes", () => {
  expect(changePasswordSchema.safeParse(valid).success).toBe(true);
});

test("the current password is required", () => {
  expect(messagesFor({ ...valid, currentPassword: "" }).currentPassword).toEqual(["Current password is required"]);
  expect(messagesFor({ ...valid, currentPassword: undefined }).currentPassword).toEqual([
    "Current password is required",
  ]);
});

test("a new password shorter than 8 characters is refused", () => {
  expect(messagesFor({ ...valid, newPassword: "Abc1", confirmPassword: "Abc1" }).newPassword).toContain(
    "Password must be at least 8 characters",
  );
});

test("a new password needs a lowercase letter, an uppercase letter and a digit", () => {
  const message = "Password must contain at least one lowercase letter, one uppercase letter, and one number";
  for (const weak of ["abcdefgh1", "ABCDEFGH1", "Abcdefghi"]) {
    expect(messagesFor({ ...valid, newPassword: weak, confirmPassword: weak }).newPassword).toEqual([message]);
  }
});

test("the confirmation is required", () => {
  expect(messagesFor({ ...valid, confirmPassword: "" }).confirmPassword).toContain("Please confirm your password");
});

test("a confirmation that differs gets 'Passwords don't match' on confirmPassword", () => {
  expect(messagesFor({ ...valid, confirmPassword: "Abcdefg2" })).toEqual({
    confirmPassword: ["Passwords don't match"],
  });
});

test("the new-password rules are shared by sign-up", () => {
  expect(newPasswordSchema.safeParse("Abcdefg1").success).toBe(true);
  const result = signUpSchema.safeParse({ name: "A", email: "a@b.co", password: "short", confirmPassword: "short" });
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((i) => i.message)).toContain("Password must be at least 8 characters");
});

test("sign-up refuses a bad e-mail with a clear message", () => {
  const result = signUpSchema.safeParse({
    name: "A",
    email: "not-an-email",
    password: "Abcdefg1",
    confirmPassword: "Abcdefg1",
  });
  expect(result.error?.issues.map((i) => i.message)).toEqual(["Enter a valid e-mail address"]);
});
