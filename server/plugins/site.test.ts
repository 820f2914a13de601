import { describe, expect, it } from "vitest";
import { contentTypeOf } from "./site.ts";

describe("the type each served file is sent with", () => {
  it.each([
    ["photo.jpg", "image/jpeg"],
    ["photo.JPEG", "image/jpeg"],
    ["screen.webp", "image/webp"],
    ["screen.avif", "image/avif"],
    ["font.woff2", "font/woff2"],
    ["search.wasm", "application/wasm"],
    ["page.html", "text/html; charset=utf-8"],
    ["unknown.bin", "application/octet-stream"],
  ])("%s is %s", (file, type) => {
    expect(contentTypeOf(file)).toBe(type);
  });
});
