import { site } from "../../site.ts";

export const COMING_SOON = "Coming soon";

/** While sign-ups are "coming soon", account links tell anonymous visitors so instead of navigating. */
export function signupsComingSoon(signedIn: boolean): boolean {
  return !signedIn && site.signups === "coming-soon";
}
