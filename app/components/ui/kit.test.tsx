/**
 * Each kit component renders the classes (and accent attribute) of the real
 * Radix Themes component for the same props. Valid for the exact
 * `@radix-ui/themes` version pinned in package.json; when Radix is upgraded,
 * this test says which kit component must follow.
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import * as Radix from "@radix-ui/themes";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, test } from "vitest";
import * as Layout from "./kit";
import * as Controls from "./kit-controls";

const Kit = { ...Layout, ...Controls };

/** The first element's tag, its classes as a sorted set, and its accent colour. */
function shape(element: ReactElement) {
  const router = createMemoryRouter([{ path: "/", element }]);
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  const tag = /^<([a-z0-9]+)/.exec(html)?.[1];
  const className = /^<[a-z0-9]+[^>]*?\sclass="([^"]*)"/.exec(html)?.[1] ?? "";
  const accent = /^<[a-z0-9]+[^>]*?\sdata-accent-color="([^"]*)"/.exec(html)?.[1] ?? null;
  const radius = /^<[a-z0-9]+[^>]*?\sdata-radius="([^"]*)"/.exec(html)?.[1] ?? null;
  return { tag, classes: [...new Set(className.split(/\s+/).filter(Boolean))].sort(), accent, radius };
}

type Pair = [name: string, kit: ReactElement, radix: ReactElement];

const PAIRS: Pair[] = [
  [
    "Badge full radius",
    <Kit.Badge key="k" color="green" radius="full" />,
    <Radix.Badge key="r" color="green" radius="full" />,
  ],
  [
    "TextLink size 2",
    <Kit.TextLink key="k" to="/x" size="2">
      x
    </Kit.TextLink>,
    <Radix.Link key="r" asChild size="2">
      <a href="/x">x</a>
    </Radix.Link>,
  ],
  ["Box", <Kit.Box key="k" />, <Radix.Box key="r" />],
  [
    "Box grow px py",
    <Kit.Box key="k" grow="1" px={{ initial: "3", sm: "5" }} py="2" />,
    <Radix.Box key="r" flexGrow="1" px={{ initial: "3", sm: "5" }} py="2" />,
  ],
  [
    "Flex column gap",
    <Kit.Flex key="k" direction="column" gap="3" />,
    <Radix.Flex key="r" direction="column" gap="3" />,
  ],
  [
    "Flex responsive",
    <Kit.Flex
      key="k"
      direction={{ initial: "column", sm: "row" }}
      align={{ initial: "start", sm: "center" }}
      justify="between"
      gap="2"
    />,
    <Radix.Flex
      key="r"
      direction={{ initial: "column", sm: "row" }}
      align={{ initial: "start", sm: "center" }}
      justify="between"
      gap="2"
    />,
  ],
  [
    "Flex wrap mb",
    <Kit.Flex key="k" align="end" wrap="wrap" gap="2" mb="3" />,
    <Radix.Flex key="r" align="end" wrap="wrap" gap="2" mb="3" />,
  ],
  [
    "Flex grow justify",
    <Kit.Flex key="k" align="center" justify="center" grow="1" />,
    <Radix.Flex key="r" align="center" justify="center" flexGrow="1" />,
  ],
  [
    "Flex minHeight",
    <Kit.Flex key="k" direction="column" minHeight="100vh" />,
    <Radix.Flex key="r" direction="column" minHeight="100vh" />,
  ],
  ["Stack", <Kit.Stack key="k" gap="5" />, <Radix.Flex key="r" direction="column" gap="5" />],
  ["Row", <Kit.Row key="k" gap="2" />, <Radix.Flex key="r" align="center" wrap="wrap" gap="2" />],
  [
    "Grid",
    <Kit.Grid key="k" columns={{ initial: "1", md: "2" }} gap="4" />,
    <Radix.Grid key="r" columns={{ initial: "1", md: "2" }} gap="4" />,
  ],
  ["Card", <Kit.Card key="k" size="2" />, <Radix.Card key="r" size="2" />],
  ["Card 3", <Kit.Card key="k" size="3" />, <Radix.Card key="r" size="3" />],
  ["Text", <Kit.Text key="k" size="2" />, <Radix.Text key="r" size="2" />],
  ["Text gray", <Kit.Text key="k" size="1" color="gray" />, <Radix.Text key="r" size="1" color="gray" />],
  [
    "Text weight as p",
    <Kit.Text key="k" as="p" size="5" weight="bold" />,
    <Radix.Text key="r" as="p" size="5" weight="bold" />,
  ],
  [
    "Text label",
    <Kit.Text key="k" as="label" size="2" weight="medium" />,
    <Radix.Text key="r" as="label" size="2" weight="medium" />,
  ],
  ["Heading", <Kit.Heading key="k" size="6" />, <Radix.Heading key="r" size="6" />],
  ["Heading h2", <Kit.Heading key="k" as="h2" size="4" />, <Radix.Heading key="r" as="h2" size="4" />],
  ["Badge", <Kit.Badge key="k" color="green" />, <Radix.Badge key="r" color="green" />],
  [
    "Badge 2 outline",
    <Kit.Badge key="k" size="2" variant="outline" color="gray" />,
    <Radix.Badge key="r" size="2" variant="outline" color="gray" />,
  ],
  [
    "ButtonLink",
    <Kit.ButtonLink key="k" to="/x" variant="soft">
      x
    </Kit.ButtonLink>,
    <Radix.Button key="r" asChild variant="soft">
      <a href="/x">x</a>
    </Radix.Button>,
  ],
  [
    "ButtonLink red",
    <Kit.ButtonLink key="k" to="/x" variant="soft" color="red">
      x
    </Kit.ButtonLink>,
    <Radix.Button key="r" asChild variant="soft" color="red">
      <a href="/x">x</a>
    </Radix.Button>,
  ],
  [
    "Button ghost 1",
    <Kit.Button key="k" variant="ghost" size="1" color="red" />,
    <Radix.Button key="r" variant="ghost" size="1" color="red" />,
  ],
  [
    "TextLink",
    <Kit.TextLink key="k" to="/x">
      x
    </Kit.TextLink>,
    <Radix.Link key="r" asChild>
      <a href="/x">x</a>
    </Radix.Link>,
  ],
  [
    "TextLink underline always, size 3",
    <Kit.TextLink key="k" to="/x" underline="always" size="3">
      x
    </Kit.TextLink>,
    <Radix.Link key="r" asChild underline="always" size="3">
      <a href="/x">x</a>
    </Radix.Link>,
  ],
  [
    "TextLink weight medium",
    <Kit.TextLink key="k" to="/x" weight="medium">
      x
    </Kit.TextLink>,
    <Radix.Link key="r" asChild weight="medium">
      <a href="/x">x</a>
    </Radix.Link>,
  ],
  [
    "TextLink color gray, size 2",
    <Kit.TextLink key="k" to="/x" color="gray" size="2">
      x
    </Kit.TextLink>,
    <Radix.Link key="r" asChild color="gray" size="2">
      <a href="/x">x</a>
    </Radix.Link>,
  ],
  [
    "TextAnchor underline always",
    <Kit.TextAnchor key="k" href="/join" underline="always">
      x
    </Kit.TextAnchor>,
    <Radix.Link key="r" href="/join" underline="always">
      x
    </Radix.Link>,
  ],
  [
    "SplitRow",
    <Kit.SplitRow key="k" gap="3" mb="3" />,
    <Radix.Flex
      key="r"
      direction={{ initial: "column", sm: "row" }}
      align={{ initial: "start", sm: "center" }}
      justify="between"
      gap="3"
      mb="3"
    />,
  ],
  [
    "Grid three columns from md",
    <Kit.Grid key="k" columns={{ initial: "1", sm: "2", md: "3" }} gap="4" />,
    <Radix.Grid key="r" columns={{ initial: "1", sm: "2", md: "3" }} gap="4" />,
  ],
  ["Text bold size 8", <Kit.Text key="k" size="8" weight="bold" />, <Radix.Text key="r" size="8" weight="bold" />],
  [
    "ButtonAnchor",
    <Kit.ButtonAnchor key="k" href="/x.csv" variant="soft" download>
      x
    </Kit.ButtonAnchor>,
    <Radix.Button key="r" asChild variant="soft">
      <a href="/x.csv" download>
        x
      </a>
    </Radix.Button>,
  ],
  [
    "TextAnchor",
    <Kit.TextAnchor key="k" href="mailto:a@b.c">
      a@b.c
    </Kit.TextAnchor>,
    <Radix.Link key="r" href="mailto:a@b.c">
      a@b.c
    </Radix.Link>,
  ],
];

describe("the table and the tab navigation have Radix Themes' classes on each element", () => {
  /** Every element's classes, in document order, without the ScrollArea's wrappers and style that Radix adds. */
  const allClasses = (element: ReactElement) => {
    const router = createMemoryRouter([{ path: "/", element }]);
    const html = renderToStaticMarkup(<RouterProvider router={router} />);
    return [...html.matchAll(/class="([^"]*)"/g)]
      .map((match) => match[1].split(/\s+/).sort().join(" "))
      .filter((names) => !names.includes("ScrollArea"));
  };

  test("TableRoot", () => {
    const kit = allClasses(
      <Kit.TableRoot variant="ghost" size="2">
        <tbody />
      </Kit.TableRoot>,
    );
    const radix = allClasses(
      <Radix.Table.Root variant="ghost" size="2">
        <tbody />
      </Radix.Table.Root>,
    );
    expect(kit).toEqual(radix);
    expect(kit).toEqual(["rt-TableRoot rt-r-size-2 rt-variant-ghost", "rt-TableRootTable"]);
  });

  test("TextInput", () => {
    const kit = allClasses(<Kit.TextInput id="hours" name="hours" type="number" style={{ width: "9rem" }} />);
    const radix = allClasses(<Radix.TextField.Root id="hours" name="hours" type="number" style={{ width: "9rem" }} />);
    expect(kit).toEqual(radix);
    expect(kit).toEqual(["rt-TextFieldRoot rt-r-size-2 rt-variant-surface", "rt-TextFieldInput rt-reset"]);
  });

  test("Callout", () => {
    const kit = allClasses(
      <Kit.Callout color="violet" role="note">
        x
      </Kit.Callout>,
    );
    const radix = allClasses(
      <Radix.Callout.Root color="violet" role="note">
        <Radix.Callout.Text>x</Radix.Callout.Text>
      </Radix.Callout.Root>,
    );
    expect(kit).toEqual(radix);
    expect(shape(<Kit.Callout color="violet">x</Kit.Callout>).accent).toBe("violet");
  });

  test("TabNav and TabNavLink", () => {
    const kit = allClasses(
      <Kit.TabNav label="Sections">
        <Kit.TabNavLink to="/a" active>
          A
        </Kit.TabNavLink>
      </Kit.TabNav>,
    );
    const radix = allClasses(
      <Radix.TabNav.Root aria-label="Sections">
        <Radix.TabNav.Link href="/a" active>
          A
        </Radix.TabNav.Link>
      </Radix.TabNav.Root>,
    );
    expect(kit).toEqual(radix);
  });
});

describe("each kit component has its Radix Themes namesake's classes", () => {
  test.each(PAIRS)("%s", (_name, kit, radix) => {
    expect(shape(kit)).toEqual(shape(radix));
  });
});

test("the Radix Themes version is pinned exactly (the comparison above holds for that version only)", () => {
  const pkg = JSON.parse(readFileSync(path.resolve(__dirname, "../../../package.json"), "utf8"));
  expect(pkg.dependencies["@radix-ui/themes"]).toMatch(/^\d+\.\d+\.\d+$/);
});
