import { expect, test } from "vitest";
import { BinaryWriter } from "./binary-writer";

test("varuints are unsigned LEB128", () => {
  const bytes = new BinaryWriter().varUint(0).varUint(127).varUint(128).varUint(236).varUint(16_384).toUint8Array();
  expect([...bytes]).toEqual([0x00, 0x7f, 0x80, 0x01, 0xec, 0x01, 0x80, 0x80, 0x01]);
});

test("doubles are written as little-endian float32", () => {
  expect([...new BinaryWriter().float32(100).toUint8Array()]).toEqual([0x00, 0x00, 0xc8, 0x42]);
  expect([...new BinaryWriter().float32(-1.5).toUint8Array()]).toEqual([0x00, 0x00, 0xc0, 0xbf]);
});

test("colours are little-endian uint32 ARGB", () => {
  expect([...new BinaryWriter().uint32(0xff3e63dd).toUint8Array()]).toEqual([0xdd, 0x63, 0x3e, 0xff]);
});

test("strings are a varuint byte length then UTF-8", () => {
  expect([...new BinaryWriter().string("Idle").toUint8Array()]).toEqual([4, 0x49, 0x64, 0x6c, 0x65]);
  expect([...new BinaryWriter().string("é").toUint8Array()]).toEqual([2, 0xc3, 0xa9]);
});

test("out-of-range values are refused", () => {
  expect(() => new BinaryWriter().varUint(-1)).toThrow(RangeError);
  expect(() => new BinaryWriter().byte(256)).toThrow(RangeError);
  expect(() => new BinaryWriter().uint32(2 ** 32)).toThrow(RangeError);
});
