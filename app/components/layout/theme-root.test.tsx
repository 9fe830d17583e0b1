import { Theme } from "@radix-ui/themes";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { ThemeRoot } from "./theme-root";

const radixRoot = (children: React.ReactNode) => (
  <Theme accentColor="indigo" grayColor="slate" radius="medium" scaling="100%">
    {children}
  </Theme>
);

test("ThemeRoot renders the same element as Radix's root Theme with the app's settings", () => {
  expect(renderToStaticMarkup(<ThemeRoot>page</ThemeRoot>)).toBe(renderToStaticMarkup(radixRoot("page")));
});

test("a nested Theme (what a dialog's content renders in its portal) looks the same under either root", () => {
  const nested = <Theme asChild>{<section>dialog</section>}</Theme>;
  const ours = renderToStaticMarkup(<ThemeRoot>{nested}</ThemeRoot>);
  expect(ours).toBe(renderToStaticMarkup(radixRoot(nested)));
  expect(ours).toContain('<section data-is-root-theme="false" data-accent-color="indigo" data-gray-color="slate"');
});
