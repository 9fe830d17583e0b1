import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { useNavbarSlot } from "./navbar-slot";

function Shell() {
  return (
    <>
      <nav>{useNavbarSlot()}</nav>
      <Outlet />
    </>
  );
}

function render(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: <Shell />,
        handle: { navbar: () => <span>Parent navbar</span> },
        children: [
          { path: "inherits", element: <p>inherits</p> },
          { path: "custom", element: <p>custom</p>, handle: { navbar: () => <span>Class switcher</span> } },
          { path: "cleared", element: <p>cleared</p>, handle: { navbar: null } },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

test("a route inherits the navbar content its parent set", () => {
  expect(render("/inherits")).toContain("<nav><span>Parent navbar</span></nav>");
});

test("a route sets its own navbar content", () => {
  expect(render("/custom")).toContain("<nav><span>Class switcher</span></nav>");
});

test("a route clears the navbar content", () => {
  expect(render("/cleared")).toContain("<nav></nav>");
});
