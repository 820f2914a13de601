import { describe, expect, it } from "vitest";
import { passwordProblem } from "./passwords.ts";

const context = { siteWords: ["Kestrel", "KSTL", "kestrel"], email: "ada.lovelace@example.com" };

describe("the password rules", () => {
  it.each([
    ["counts characters as people see them: four emoji are four, not eight", "🦅🦅🐦🦆", "Use at least 8 characters for your password."],
    ["refuses a single character repeated", "aaaaaaaaaaaa", "Don't repeat one character: a few unrelated words make a strong password."],
    [
      "keeps refusing the common passwords",
      "password123",
      "This password is one of the most common ones. Choose one that is harder to guess.",
    ],
    [
      "does not count the token's name toward the length",
      "Kestrel2026!",
      "Don't build your password from this site's name or your email: without them, use at least 8 characters.",
    ],
    [
      "does not count the token's symbol toward the length",
      "kstlKSTL1234",
      "Don't build your password from this site's name or your email: without them, use at least 8 characters.",
    ],
    [
      "does not count the email's local part toward the length",
      "ada.lovelace99",
      "Don't build your password from this site's name or your email: without them, use at least 8 characters.",
    ],
  ])("%s", (_, password, message) => {
    expect(passwordProblem(password, context)).toBe(message);
  });

  it.each([
    ["eight emoji with other characters", "🦅🦅🐦🦆🦉🦜🦢🦩"],
    ["a passphrase that mentions the token among other words", "kestrel-hovers-at-dawn"],
    ["unrelated words", "correct horse battery"],
  ])("accepts %s", (_, password) => {
    expect(passwordProblem(password, context)).toBeNull();
  });
});
