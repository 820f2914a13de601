import { describe, expect, it } from "vitest";
import { formatCountdown, parseCountdown, secondsShown } from "./countdown.ts";

describe("countdown", () => {
  it("writes hours, minutes and seconds with two digits each", () => {
    expect(formatCountdown(0)).toBe("00:00:00");
    expect(formatCountdown(59)).toBe("00:00:59");
    expect(formatCountdown(3661)).toBe("01:01:01");
    expect(formatCountdown(86_400)).toBe("24:00:00");
  });

  it("reads back what it writes", () => {
    for (const seconds of [0, 1, 59, 60, 3599, 3600, 45_296, 86_399, 86_400]) {
      expect(parseCountdown(formatCountdown(seconds))).toBe(seconds);
    }
  });

  it("shows a second only once it is fully left: a fresh day reads 23:59:59", () => {
    expect(formatCountdown(secondsShown(86_400_000))).toBe("23:59:59");
    expect(formatCountdown(secondsShown(86_399_001))).toBe("23:59:59");
    expect(formatCountdown(secondsShown(86_399_000))).toBe("23:59:58");
    expect(formatCountdown(secondsShown(1_000))).toBe("00:00:00");
    expect(formatCountdown(secondsShown(0))).toBe("00:00:00");
  });
});
