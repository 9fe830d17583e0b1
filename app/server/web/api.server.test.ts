import { DrizzleQueryError } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { unexpectedErrorLog } from "../logger.server";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH, readJsonBody, toApiResponse } from "./api.server";

const post = (body: string) => new Request("http://site.example/api/x", { method: "POST", body });

test("nesting is counted outside strings, for arrays and objects alike", () => {
  expect(jsonNestsDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false);
  expect(jsonNestsDeeperThan('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
  expect(jsonNestsDeeperThan('{"a":"[[[[[[\\"[[[["}', 1)).toBe(false);
  expect(jsonNestsDeeperThan(`${"[".repeat(20_000)}${"]".repeat(20_000)}`, MAX_JSON_DEPTH)).toBe(true);
});

test("a JSON body nested 20,000 deep is a 400 { code, message }, not a stack overflow", async () => {
  const answer = await readJsonBody(post(`${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`)).catch((error) => error);
  expect(answer).toBeInstanceOf(Response);
  expect((answer as Response).status).toBe(400);
  expect(await (answer as Response).json()).toEqual({
    code: "BAD_REQUEST",
    message: "The request body is nested too deeply: at most 64 levels.",
  });
});

test("a body nested as deep as the limit is read", async () => {
  const body = `${"[".repeat(MAX_JSON_DEPTH)}"ok"${"]".repeat(MAX_JSON_DEPTH)}`;
  expect(await readJsonBody(post(body))).toEqual(JSON.parse(body));
});

test("a pool timeout (no database connection came free in time, as drizzle wraps it) is a 503 with Retry-After, never a 500 nor an error line", async () => {
  const timeout = new DrizzleQueryError("select 1", [], new Error("timeout exceeded when trying to connect"));
  const errorLines = vi.spyOn(unexpectedErrorLog, "error");
  const response = toApiResponse(timeout);
  expect(response.status).toBe(503);
  expect(response.headers.get("Retry-After")).toBe("5");
  expect(await response.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
  expect(errorLines).not.toHaveBeenCalled();
  errorLines.mockRestore();
});
