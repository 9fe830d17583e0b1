import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { SurveySubMenu } from "./survey-sub-menu";

const links = [
  { label: "All surveys", to: "/admin/survey" },
  { label: "Previews", to: "/survey" },
];

function render(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/admin/survey"] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

test("the survey sub-menu is open by default and lists its links", () => {
  const html = render(<SurveySubMenu links={links} />);
  expect(html).toMatch(/<details class="survey-sub-menu" open="">/);
  expect(html).toContain("<summary");
  expect(html).toContain('href="/admin/survey"');
  expect(html).toContain('href="/survey"');
  expect(html).toMatch(/aria-current="page"[^>]*href="\/admin\/survey"|href="\/admin\/survey"[^>]*aria-current="page"/);
});

test("the survey sub-menu can start closed", () => {
  const html = render(<SurveySubMenu links={links} defaultOpen={false} />);
  expect(html).toMatch(/<details class="survey-sub-menu">/);
});
