import { describe, expect, it } from "vitest";
import { platformFromHash, platformFromUserAgent, preferredPlatform } from "./platform-preference.ts";

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

describe("the platform a guide page opens first", () => {
  it("reads the phone from the user agent, and nothing from a computer's", () => {
    expect(platformFromUserAgent(ANDROID)).toBe("android");
    expect(platformFromUserAgent(IPHONE)).toBe("ios");
    expect(platformFromUserAgent(DESKTOP)).toBeNull();
  });

  it("reads #platform and the no-JavaScript target #platform-guides alike, and ignores other anchors", () => {
    expect(platformFromHash("#ios")).toBe("ios");
    expect(platformFromHash("#android-guides")).toBe("android");
    expect(platformFromHash("#tips")).toBeNull();
    expect(platformFromHash("")).toBeNull();
  });

  it("prefers the address's anchor, then the remembered choice, then the phone", () => {
    expect(preferredPlatform({ hash: "#browser", stored: "ios", userAgent: ANDROID })).toBe("browser");
    expect(preferredPlatform({ hash: "", stored: "ios", userAgent: ANDROID })).toBe("ios");
    expect(preferredPlatform({ hash: "", stored: null, userAgent: ANDROID })).toBe("android");
    expect(preferredPlatform({ hash: "", stored: "windows-phone", userAgent: DESKTOP })).toBeNull();
  });
});
