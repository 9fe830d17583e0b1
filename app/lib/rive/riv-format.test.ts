import { expect, test } from "vitest";
import { argb, encodeRiveFile, TypeKey } from "./riv-format";

test("a file starts with RIVE, version 7.0, file id 0 and a table of contents", () => {
  const bytes = encodeRiveFile([{ type: TypeKey.Backboard }]);
  // "RIVE", major 7, minor 0, file id 0, empty ToC (0), Backboard (23) closed by 0.
  expect([...bytes]).toEqual([0x52, 0x49, 0x56, 0x45, 7, 0, 0, 0, 23, 0]);
});

test("the table of contents lists property keys, then four 2-bit field types per uint32", () => {
  const bytes = encodeRiveFile([
    {
      type: TypeKey.Artboard,
      properties: [
        ["Component.name", "A"], // key 4, string (1)
        ["LayoutComponent.width", 1], // key 7, double (2)
        ["LayoutComponent.clip", true], // key 196, bool → uint (0)
        ["Artboard.defaultStateMachineId", 0], // key 236, uint (0)
      ],
    },
    { type: TypeKey.SolidColor, properties: [["SolidColor.colorValue", argb("#3E63DD")]] }, // key 37, colour (3)
  ]);
  const toc = [...bytes.slice(7, 7 + 8)];
  expect(toc).toEqual([4, 7, 37, 0xc4, 0x01, 0xec, 0x01, 0]);
  // Sorted keys 4, 7, 37, 196 | 236 → types 1, 2, 3, 0 | 0.
  expect([...bytes.slice(15, 23)]).toEqual([0b00_11_10_01, 0, 0, 0, 0, 0, 0, 0]);
});

test("objects are a type key, (property key, value) pairs and a closing 0", () => {
  const bytes = encodeRiveFile([
    {
      type: TypeKey.KeyFrameDouble,
      properties: [
        ["KeyFrame.frame", 150],
        ["KeyFrameDouble.value", 1],
      ],
    },
  ]);
  const objectBytes = [...bytes.slice(bytes.length - 10)];
  expect(objectBytes).toEqual([30, 67, 0x96, 0x01, 70, 0x00, 0x00, 0x80, 0x3f, 0]);
});

test("a value of the wrong kind is refused", () => {
  expect(() => encodeRiveFile([{ type: TypeKey.Node, properties: [["Node.x", "left"]] }])).toThrow(TypeError);
  expect(() => encodeRiveFile([{ type: TypeKey.Node, properties: [["Node.x", Number.NaN]] }])).toThrow(TypeError);
});

test("argb turns #RRGGBB and an alpha into 0xAARRGGBB", () => {
  expect(argb("#3E63DD")).toBe(0xff3e63dd);
  expect(argb("#FFFFFF", 0)).toBe(0x00ffffff);
  expect(() => argb("indigo")).toThrow(TypeError);
});
