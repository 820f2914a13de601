import { describe, expect, it } from "vitest";
import { isValidEmail } from "./account-rules.ts";

describe("isValidEmail", () => {
  it.each([
    "ada@example.com",
    "ada.lovelace+kestrel@mail.example.co.uk",
    "o'brien@example.ie",
    "x@xn--bcher-kva.example",
    `${"a".repeat(64)}@example.com`,
    `ada@${"b".repeat(63)}.com`,
    `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`,
  ])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ["no at sign", "ada.example.com"],
    ["two at signs", "ada@lovelace@example.com"],
    ["no local part", "@example.com"],
    ["no top-level domain", "ada@localhost"],
    ["a numeric top-level domain", "ada@example.123"],
    ["a local part of 65 characters", `${"a".repeat(65)}@example.com`],
    ["a domain label of 64 characters", `ada@${"b".repeat(64)}.com`],
    ["more than 254 characters", `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`],
    ["a leading dot", ".ada@example.com"],
    ["two dots in a row", "ada..l@example.com"],
    ["a space", "ada lovelace@example.com"],
    ["a label starting with a hyphen", "ada@-example.com"],
    ["an empty label", "ada@example..com"],
    ["a trailing dot", "ada@example.com."],
    ["nothing", ""],
  ])("refuses %s", (_, email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});
