import { useEffect, useState } from "react";
import { isAuthenticated } from "../../lib/api-client.ts";

export type AuthStatus = "unknown" | "authenticated" | "anonymous";

const REMEMBERED_KEY = "auth-status";
let pendingCheck: Promise<AuthStatus> | null = null;

/**
 * Set (readable, secret-free) by the server at login and cleared at logout:
 * without it the visitor has no session, and asking would only earn a 401.
 */
function mayBeSignedIn(): boolean {
  return /(?:^|;\s*)(?:__Host-)?signed_in=1(?:;|$)/.test(document.cookie);
}

/** One `is-authenticated` call per page load, shared by the navigation and the footer. */
function checkAuthStatus(): Promise<AuthStatus> {
  if (!mayBeSignedIn()) return Promise.resolve("anonymous");
  pendingCheck ??= isAuthenticated().then((result) => {
    const status: AuthStatus = result.ok ? "authenticated" : "anonymous";
    rememberAuthStatus(status);
    return status;
  });
  return pendingCheck;
}

export function rememberAuthStatus(status: AuthStatus): void {
  pendingCheck = Promise.resolve(status);
  try {
    sessionStorage.setItem(REMEMBERED_KEY, status);
  } catch {
    // Storage can be disabled; pages then fall back to the anonymous links.
  }
}

function rememberedAuthStatus(): AuthStatus {
  try {
    const value = sessionStorage.getItem(REMEMBERED_KEY);
    return value === "authenticated" || value === "anonymous" ? value : "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * `check: true` asks the server; `check: false` (guide pages, which make no
 * calls) uses only what this visit already learned.
 */
export function useAuthStatus({ check }: { check: boolean }): AuthStatus {
  const [status, setStatus] = useState<AuthStatus>("unknown");
  useEffect(() => {
    if (!check) {
      setStatus(mayBeSignedIn() ? rememberedAuthStatus() : "anonymous");
      return;
    }
    let active = true;
    checkAuthStatus().then((next) => {
      if (active) setStatus(next);
    });
    return () => {
      active = false;
    };
  }, [check]);
  return status;
}
