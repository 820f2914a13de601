import { describe, expect, it } from "vitest";
import { loginFor, returnPath, returnReason } from "./return-path.ts";

describe("the return path after login", () => {
  it("comes back to the member page that sent the visitor", () => {
    const next = new URL(loginFor("/dashboard"), "https://site.example").searchParams.get("next");
    expect(returnPath(next)).toBe("/dashboard");
    expect(returnReason(returnPath(next))).toBe("Log in to see your dashboard.");
  });

  it.each([
    "//evil.example/dashboard",
    "/\\evil.example",
    "https://evil.example/dashboard",
    "/dashboard/../admin",
    "javascript:alert(1)",
    "/dashboard?x=1",
    "",
    "/toString",
    "constructor",
  ])("refuses %j", (next) => {
    expect(returnPath(next)).toBeNull();
  });
});
