/** The guides' platforms and their names, apart from the catalog (which reads files), so pages in the browser can name them too. */
export const GUIDE_PLATFORMS = ["browser", "android", "ios", "tips"] as const;
export type GuidePlatform = (typeof GUIDE_PLATFORMS)[number];

export const PLATFORM_NAMES: Record<GuidePlatform, string> = {
  browser: "Browser",
  android: "Android",
  ios: "iOS",
  tips: "Guides and Tips",
};
