import { useSearchParams } from "react-router";
import { useHydrated } from "../../lib/use-hydrated.ts";

/** The pages a visitor is sent to /login from, with the line that says why. */
const RETURN_REASONS: Record<string, string> = {
  "/dashboard": "Log in to see your dashboard.",
  "/account": "Log in to see your account.",
  "/quests": "Log in to see your quests.",
};

/** The login page's address for a member page the visitor could not see, so they come back to it. */
export function loginFor(path: keyof typeof RETURN_REASONS & string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}

/**
 * Where to go after login: only one of the member pages that send people to
 * /login, so a link from elsewhere (`?next=//evil.example`) cannot make the
 * login page an open redirect.
 */
export function returnPath(next: string | null): string | null {
  return next !== null && Object.hasOwn(RETURN_REASONS, next) ? next : null;
}

export function returnReason(path: string | null): string | null {
  return path === null ? null : (RETURN_REASONS[path] ?? null);
}

/** The `?next` of this visit, read once React has taken over (the prerendered page cannot know it). */
export function useReturnPath(): string | null {
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  return hydrated ? returnPath(searchParams.get("next")) : null;
}
