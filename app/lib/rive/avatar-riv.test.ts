import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "vitest";
import { avatarRiveObjects, buildAvatarRiv } from "./avatar-riv";
import { TypeKey } from "./riv-format";

const committed = resolve(__dirname, "../../../public/assets/runtimes/orliverse_rive.riv");

test("the committed orliverse_rive.riv is exactly what npm run build:avatar writes", () => {
  const expected = buildAvatarRiv();
  const actual = new Uint8Array(readFileSync(committed));
  // Compare lengths first for a readable failure, then every byte.
  expect(actual.length, "run `npm run build:avatar` and commit the file").toBe(expected.length);
  expect(Buffer.compare(Buffer.from(actual), Buffer.from(expected))).toBe(0);
});

test("the generator is deterministic", () => {
  expect(Buffer.from(buildAvatarRiv()).equals(Buffer.from(buildAvatarRiv()))).toBe(true);
});

test("the file holds one artboard, one looping animation and one state machine", () => {
  const objects = avatarRiveObjects();
  const count = (type: number) => objects.filter((object) => object.type === type).length;
  expect(objects[0].type).toBe(TypeKey.Backboard);
  expect(count(TypeKey.Artboard)).toBe(1);
  expect(count(TypeKey.LinearAnimation)).toBe(1);
  expect(count(TypeKey.StateMachine)).toBe(1);
  // Entry, Any and Exit are required in every layer.
  for (const state of [TypeKey.EntryState, TypeKey.AnyState, TypeKey.ExitState, TypeKey.AnimationState]) {
    expect(count(state)).toBe(1);
  }
  const animation = objects.find((object) => object.type === TypeKey.LinearAnimation);
  expect(animation?.properties).toContainEqual(["LinearAnimation.loopValue", 1]);
  expect(count(TypeKey.Shape)).toBeGreaterThanOrEqual(8);
});
