import { expect, test } from "vitest";
import { editorOriginFor } from "./storyblok-bridge";

const ORIGINS = ["https://app.storyblok.com", "https://app.storyblokchina.cn"];

test("the bridge answers the editor that framed the page, when it is one of the editor origins", () => {
  expect(editorOriginFor("https://app.storyblokchina.cn/", ORIGINS)).toBe("https://app.storyblokchina.cn");
  expect(editorOriginFor("https://app.storyblok.com/#/me/spaces/1/stories/0/0/2", ORIGINS)).toBe(
    "https://app.storyblok.com",
  );
});

test("any other framing page, or none, gets the first editor origin, never its own", () => {
  expect(editorOriginFor("https://evil.example/", ORIGINS)).toBe("https://app.storyblok.com");
  expect(editorOriginFor("", ORIGINS)).toBe("https://app.storyblok.com");
  expect(editorOriginFor("https://app.storyblok.com.evil.example/", ORIGINS)).toBe("https://app.storyblok.com");
  expect(editorOriginFor("https://app.storyblok.com/", [])).toBeUndefined();
});
