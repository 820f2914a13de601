import { describe, expect, it } from "vitest";
import { passwordWeakness } from "./passwords.ts";

const context = { siteWords: ["Kestrel", "KSTL", "kestrel"], email: "ada.lovelace@example.com" };

describe("the password rules", () => {
  it.each([
    ["counts characters as people see them: four emoji are four, not eight", "🦅🦅🐦🦆", "too_short"],
    ["refuses a single character repeated", "aaaaaaaaaaaa", "one_character"],
    ["keeps refusing the common passwords", "password123", "common"],
    ["does not count the token's name toward the length", "Kestrel2026!", "site_words"],
    ["does not count the token's symbol toward the length", "kstlKSTL1234", "site_words"],
    ["does not count the email's local part toward the length", "ada.lovelace99", "site_words"],
  ])("%s", (_, password, weakness) => {
    expect(passwordWeakness(password, context)).toBe(weakness);
  });

  it.each([
    ["eight emoji with other characters", "🦅🦅🐦🦆🦉🦜🦢🦩"],
    ["a passphrase that mentions the token among other words", "kestrel-hovers-at-dawn"],
    ["unrelated words", "correct horse battery"],
  ])("accepts %s", (_, password) => {
    expect(passwordWeakness(password, context)).toBeNull();
  });
});
