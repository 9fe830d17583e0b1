import { expect, test } from "vitest";
import { initialAuthFormState, resetAuthForm, switchAuthMode } from "./auth-form-state";

test("the auth form starts in the login state by default", () => {
  expect(initialAuthFormState()).toEqual({ state: "login", email: "", password: "", confirmPassword: "" });
});

test("the auth form starts in the state its caller gives", () => {
  expect(initialAuthFormState("signup").state).toBe("signup");
});

test("resetting clears email, password and confirmPassword and keeps the state", () => {
  const filled = { state: "signup" as const, email: "a@b.c", password: "Secret123", confirmPassword: "Secret123" };
  expect(resetAuthForm(filled)).toEqual({ state: "signup", email: "", password: "", confirmPassword: "" });
});

test("switching mode resets the fields", () => {
  const filled = { state: "login" as const, email: "a@b.c", password: "x", confirmPassword: "" };
  expect(switchAuthMode(filled, "signup")).toEqual({ state: "signup", email: "", password: "", confirmPassword: "" });
});
