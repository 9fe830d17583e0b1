import { renderToStaticMarkup } from "react-dom/server";
import { data } from "react-router";
import { expect, test } from "vitest";
import { ErrorBoundary } from "./root";

type BoundaryProps = Parameters<typeof ErrorBoundary>[0];

function renderBoundary(error: unknown) {
  return renderToStaticMarkup(<ErrorBoundary {...({ error, params: {} } as unknown as BoundaryProps)} />);
}

test("the error panel says 'Something went wrong!' with a Show Error / Hide Error toggle that needs no JavaScript", () => {
  const html = renderBoundary(new Error("database is on fire"));
  expect(html).toContain("Something went wrong!");
  expect(html).toMatch(/<details class="error-details">/);
  expect(html).toContain('<span class="when-closed">Show Error</span>');
  expect(html).toContain('<span class="when-open">Hide Error</span>');
  expect(html).toContain("database is on fire");
});

test("a 404 thrown by a loader shows Not Found", async () => {
  const { isRouteErrorResponse } = await import("react-router");
  const thrown = data("gone", { status: 404 });
  const error = { status: 404, statusText: "Not Found", internal: false, data: thrown.data };
  expect(isRouteErrorResponse(error)).toBe(true);
  const html = renderBoundary(error);
  expect(html).toContain("Not Found");
  expect(html).not.toContain("Something went wrong!");
});

test("a refusal that says why (a 4xx with a message) shows the message, not only behind the toggle", () => {
  const error = {
    status: 400,
    statusText: "Bad Request",
    internal: false,
    data: { code: "VALIDATION", message: "pageSize: pageSize must be at most 200" },
  };
  const html = renderBoundary(error);
  expect(html).toMatch(/<p[^>]*role="alert"[^>]*>pageSize: pageSize must be at most 200<\/p>/);
});
