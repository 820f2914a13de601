import { bindPlatformChoice } from "../features/guides/platform-preference.ts";

/** What PlatformChoice does in React, for the prerendered /how-to and buy path. */
export function enhancePlatformChoice(): void {
  bindPlatformChoice(document);
}
