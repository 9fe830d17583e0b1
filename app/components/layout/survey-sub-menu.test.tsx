import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { SurveySubMenu } from "./survey-sub-menu";

function render(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/class/7/home"] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

test("the survey sub-menu is open by default and links the class's survey screens", () => {
  const html = render(<SurveySubMenu classId={7} />);
  expect(html).toMatch(/<details class="survey-sub-menu" open="">/);
  expect(html).toContain('href="/class/7/surveys/manage"');
  expect(html).toContain('href="/class/7/surveys/library"');
});

test("the survey sub-menu can start closed", () => {
  const html = render(<SurveySubMenu classId={7} defaultOpen={false} />);
  expect(html).toMatch(/<details class="survey-sub-menu">/);
});
