import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { errorPageTitle, GeneralErrorBoundary, NotFoundMessage, pageTitle } from "./error-boundary";

const notFound = (data: unknown) => ({ status: 404, statusText: "Not Found", internal: false, data });

test("a 404 says Not Found with the route's sentence, never the status text twice", () => {
  const plain = renderToStaticMarkup(<GeneralErrorBoundary error={notFound("Not Found")} />);
  expect(plain.match(/Not Found/g)).toHaveLength(1);
  const withSentence = renderToStaticMarkup(
    <GeneralErrorBoundary error={notFound("There is no survey with this id.")} />,
  );
  expect(withSentence).toContain("There is no survey with this id.");
  expect(withSentence).not.toContain("Something went wrong!");
});

test("a route's status handler replaces the default panel, and the button leads where the route says", () => {
  const html = renderToStaticMarkup(
    <GeneralErrorBoundary
      error={notFound(null)}
      homeLink={{ to: "/admin/schools", label: "Back to schools" }}
      statusHandlers={{ 404: () => <NotFoundMessage>There is no school with this id in your scope.</NotFoundMessage> }}
    />,
  );
  expect(html).toContain("There is no school with this id in your scope.");
  expect(html).toContain('href="/admin/schools"');
  expect(html).toContain("Back to schools");
});

test("a route's notFound sentence shows on a 404 only", () => {
  const sentence = "There is no school with this id in your scope.";
  const html = renderToStaticMarkup(<GeneralErrorBoundary error={notFound(null)} notFound={sentence} />);
  expect(html).toContain(sentence);
  expect(html.match(/Not Found/g)).toHaveLength(1);
  const other = renderToStaticMarkup(
    <GeneralErrorBoundary
      error={{ status: 500, statusText: "Error", internal: false, data: "" }}
      notFound={sentence}
    />,
  );
  expect(other).not.toContain(sentence);
});

test("any other error response says Something went wrong! and shows its status behind the toggle", () => {
  const html = renderToStaticMarkup(
    <GeneralErrorBoundary error={{ status: 405, statusText: "Method Not Allowed", internal: true, data: "" }} />,
  );
  expect(html).toContain("Something went wrong!");
  expect(html).toContain('<span class="when-closed">Show Error</span>');
  expect(html).toContain("405 Method Not Allowed");
});

test("titles: the page's own, or the error's kind", () => {
  expect(pageTitle("Students")).toEqual([{ title: "Students · Orliverse Classroom" }]);
  expect(pageTitle("Students", notFound(null))).toEqual([{ title: "Not Found · Orliverse Classroom" }]);
  expect(errorPageTitle(new Error("boom"))).toBe("Something went wrong! · Orliverse Classroom");
});
