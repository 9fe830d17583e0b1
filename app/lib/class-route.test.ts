import { expect, test } from "vitest";
import { decideClassRoute } from "./class-route";

const classes = [
  { id: 7, name: "5A" },
  { id: 3, name: "6B" },
];

test("no classes sends the user to /home with noClasses set", () => {
  expect(decideClassRoute([], "7")).toEqual({ kind: "no-classes", redirectTo: "/home?noClasses=true" });
  expect(decideClassRoute([], "-1")).toEqual({ kind: "no-classes", redirectTo: "/home?noClasses=true" });
});

test("class -1 always falls back to the first class's home", () => {
  expect(decideClassRoute(classes, "-1")).toEqual({ kind: "fallback", redirectTo: "/class/7/home" });
});

test("a class that is not the user's falls back to the first class's home", () => {
  expect(decideClassRoute(classes, "99")).toEqual({ kind: "fallback", redirectTo: "/class/7/home" });
  expect(decideClassRoute(classes, "abc")).toEqual({ kind: "fallback", redirectTo: "/class/7/home" });
  expect(decideClassRoute(classes, "3.0x")).toEqual({ kind: "fallback", redirectTo: "/class/7/home" });
});

test("odd forms of a class's id are the unknown id they are, not that class", () => {
  for (const odd of ["0x3", "3e0", "03", "3.0", " 3", "3 ", "+3"]) {
    expect(decideClassRoute(classes, odd), JSON.stringify(odd)).toEqual({
      kind: "fallback",
      redirectTo: "/class/7/home",
    });
  }
});

test("a class of the user's becomes the current class", () => {
  expect(decideClassRoute(classes, "3")).toEqual({ kind: "current", currentClass: classes[1] });
});
