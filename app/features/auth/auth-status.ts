import { isAuthenticated } from "../../lib/api-request.ts";

/**
 * What a page knows of the visitor, one answer for the whole page (React
 * pages and articles alike): the server's hint cookie, what this visit
 * already learned (kept for the visit's later pages), and at most one
 * `is-authenticated` call per page load.
 */
export type AuthStatus = "unknown" | "authenticated" | "anonymous";

const KEPT_KEY = "auth-status";

let current: AuthStatus = "unknown";
let pendingCheck: Promise<AuthStatus> | null = null;
const listeners = new Set<() => void>();

/**
 * Set (readable, secret-free) by the server at login and cleared at logout:
 * without it the visitor has no session, and asking would only earn a 401.
 */
export function mayBeSignedIn(): boolean {
  return /(?:^|;\s*)(?:__Host-)?signed_in=1(?:;|$)/.test(document.cookie);
}

function keptStatus(): AuthStatus {
  try {
    const value = sessionStorage.getItem(KEPT_KEY);
    return value === "authenticated" || value === "anonymous" ? value : "unknown";
  } catch {
    return "unknown";
  }
}

function keep(status: AuthStatus): void {
  try {
    sessionStorage.setItem(KEPT_KEY, status);
  } catch {
    // Storage can be disabled; pages then fall back to the anonymous links.
  }
}

function publish(status: AuthStatus): AuthStatus {
  if (status !== current) {
    current = status;
    for (const listener of listeners) listener();
  }
  return status;
}

export function currentAuthStatus(): AuthStatus {
  return current;
}

export function subscribeToAuthStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Login, logout, the dashboard or account deletion learned the answer: every reader and the visit's later pages get it. */
export function learnAuthStatus(status: AuthStatus): void {
  pendingCheck = Promise.resolve(status);
  keep(status);
  publish(status);
}

/** Without a call (guide pages make none): what this visit already learned. */
export function knownAuthStatus(): AuthStatus {
  return publish(mayBeSignedIn() ? keptStatus() : "anonymous");
}

/** Asks the server once per page load, shared by every reader (navigation, footer, member panels). */
export function checkAuthStatus(): Promise<AuthStatus> {
  if (!mayBeSignedIn()) return Promise.resolve(publish("anonymous"));
  pendingCheck ??= isAuthenticated().then((reply) => {
    const status: AuthStatus = reply.ok ? "authenticated" : "anonymous";
    learnAuthStatus(status);
    return status;
  });
  return pendingCheck;
}
