import { isAuthenticated } from "../../lib/api-request.ts";

/** What a page can know of the visitor without a call: the server's hint cookie and what this visit already learned. */
export type AuthStatus = "unknown" | "authenticated" | "anonymous";

const REMEMBERED_KEY = "auth-status";

/**
 * Set (readable, secret-free) by the server at login and cleared at logout:
 * without it the visitor has no session, and asking would only earn a 401.
 */
export function mayBeSignedIn(): boolean {
  return /(?:^|;\s*)(?:__Host-)?signed_in=1(?:;|$)/.test(document.cookie);
}

export function storeAuthStatus(status: AuthStatus): void {
  try {
    sessionStorage.setItem(REMEMBERED_KEY, status);
  } catch {
    // Storage can be disabled; pages then fall back to the anonymous links.
  }
}

export function rememberedAuthStatus(): AuthStatus {
  try {
    const value = sessionStorage.getItem(REMEMBERED_KEY);
    return value === "authenticated" || value === "anonymous" ? value : "unknown";
  } catch {
    return "unknown";
  }
}

/** Asks the server, once per call, and keeps the answer for the visit's later pages; only worth it when mayBeSignedIn(). */
export async function askAuthStatus(): Promise<AuthStatus> {
  const status: AuthStatus = (await isAuthenticated()).ok ? "authenticated" : "anonymous";
  storeAuthStatus(status);
  return status;
}
