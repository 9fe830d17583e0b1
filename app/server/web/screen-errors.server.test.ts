import { parseWithZod } from "@conform-to/zod/v4";
import { expect, test } from "vitest";
import { z } from "zod";
import { conflict, type DomainError, notFound, rateLimited, validationError } from "../errors.server";
import {
  formErrorReply,
  nullIfNotFound,
  orNotFound,
  recordIdParam,
  redirectWithFailure,
  refusal,
} from "./screen-errors.server";

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

test("a URL id that is not a record id written plainly is the 404 page, with the route's sentence if it has one", () => {
  expect(recordIdParam("42")).toBe(42);
  for (const bad of [undefined, "", "abc", "042", "4.2", "-1", "0", "99999999999999999999"]) {
    const thrown = (() => {
      try {
        recordIdParam(bad);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown, String(bad)).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  }
  const withSentence = (() => {
    try {
      recordIdParam("x", "There is no survey with this id.");
    } catch (error) {
      return error as Response;
    }
  })();
  return expect(withSentence?.text()).resolves.toBe("There is no survey with this id.");
});

test("the 404 page can say the route's sentence or the domain's own message", async () => {
  const own = await orNotFound(Promise.reject(notFound("No such survey")), (error) => error.message).catch((e) => e);
  expect(await (own as Response).text()).toBe("No such survey");
  const fixed = await orNotFound(Promise.reject(notFound("x")), "Gone.").catch((e) => e);
  expect(await (fixed as Response).text()).toBe("Gone.");
});

test("a page that notes a missing record gets null for NOT_FOUND, and every other error as thrown", async () => {
  await expect(nullIfNotFound(Promise.reject(notFound()))).resolves.toBeNull();
  await expect(nullIfNotFound(Promise.resolve("a"))).resolves.toBe("a");
  const other = conflict("Taken");
  await expect(nullIfNotFound(Promise.reject(other))).rejects.toBe(other);
});

test("a rule's message can belong to one field (a name already taken) instead of the whole form", () => {
  const onName = formErrorReply(submission(), conflict("That name is taken"), { messageField: "name" });
  expect(onName.data.result.error).toEqual({ name: ["That name is taken"] });
  const chosen = (error: DomainError) => (error.code === "CONFLICT" ? "name" : undefined);
  expect(formErrorReply(submission(), conflict("Taken"), { messageField: chosen }).data.result.error).toEqual({
    name: ["Taken"],
  });
  expect(formErrorReply(submission(), rateLimited("Slow down", 5), { messageField: chosen }).data.result.error).toEqual(
    { "": ["Slow down"] },
  );
});

test("refusal hands back a domain error and rethrows anything else", () => {
  const rule = conflict("No");
  expect(refusal(rule)).toBe(rule);
  const redirect = new Response(null, { status: 302 });
  expect(() => refusal(redirect)).toThrow();
});
