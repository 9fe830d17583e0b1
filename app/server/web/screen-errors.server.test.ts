import { parseWithZod } from "@conform-to/zod/v4";
import { expect, test } from "vitest";
import { z } from "zod";
import { conflict, notFound, rateLimited, validationError } from "../errors.server";
import { formErrorReply, orNotFound, redirectWithFailure } from "./screen-errors.server";

const schema = z.object({ name: z.string(), password: z.string() });
const submission = () => {
  const form = new FormData();
  form.set("name", "5A Sunflowers");
  form.set("password", "Secret-Pass-1");
  return parseWithZod(form, { schema });
};

test("a domain NOT_FOUND becomes the 404 page; other errors pass through untouched", async () => {
  const thrown = await orNotFound(Promise.reject(notFound("No such student"))).catch((error) => error);
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(404);
  const other = conflict("Taken");
  await expect(orNotFound(Promise.reject(other))).rejects.toBe(other);
  await expect(orNotFound(Promise.resolve(7))).resolves.toBe(7);
});

test("a refused form comes back with the rule's message, its field errors, its status and headers, and no password", () => {
  const answer = formErrorReply(submission(), validationError("Check the name", { name: ["Name is taken"] }), {
    hideFields: ["password"],
  });
  expect(answer.init?.status).toBe(400);
  const result = answer.data.result;
  expect(result.error).toEqual({ "": ["Check the name"], name: ["Name is taken"] });
  expect(result.initialValue).toEqual({ name: "5A Sunflowers" });

  const limited = formErrorReply(submission(), rateLimited("Too many tries", 60));
  expect(limited.init?.status).toBe(429);
  expect(new Headers(limited.init?.headers).get("Retry-After")).toBe("60");
});

test("anything that is not a domain error is rethrown, never shown as a refusal", () => {
  const bug = new TypeError("x is undefined");
  expect(() => formErrorReply(submission(), bug)).toThrow(bug);
});

test("a button's refusal is a redirect with the rule's message as a failure toast", async () => {
  const response = await redirectWithFailure("/class/1/home", conflict("This survey is closed."), "Failed");
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/class/1/home");
  expect(response.headers.get("set-cookie")).toContain("toast");
});
