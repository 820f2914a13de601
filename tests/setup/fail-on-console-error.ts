import { afterEach, beforeEach, expect, vi } from "vitest";

// An error logged during a test is a bug the test did not look for.
let logged: unknown[][] = [];

beforeEach(() => {
  logged = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(logged, "console.error was called").toEqual([]);
});
