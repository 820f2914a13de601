import { useEffect, useSyncExternalStore } from "react";
import { type AuthStatus, askAuthStatus, mayBeSignedIn, rememberedAuthStatus, storeAuthStatus } from "./auth-hint.ts";

export type { AuthStatus };

let pendingCheck: Promise<AuthStatus> | null = null;

/**
 * The page's one auth state: every reader re-renders when login, logout, the
 * dashboard or account deletion learns something new.
 */
let current: AuthStatus = "unknown";
const listeners = new Set<() => void>();

function publish(status: AuthStatus): void {
  if (status === current) return;
  current = status;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One `is-authenticated` call per page load, shared by the navigation and the footer. */
function checkAuthStatus(): Promise<AuthStatus> {
  if (!mayBeSignedIn()) return Promise.resolve("anonymous");
  pendingCheck ??= askAuthStatus().then((status) => {
    settle(status);
    return status;
  });
  return pendingCheck;
}

/** What the page now knows, for every reader and for the next check. */
function settle(status: AuthStatus): void {
  pendingCheck = Promise.resolve(status);
  publish(status);
}

export function rememberAuthStatus(status: AuthStatus): void {
  settle(status);
  storeAuthStatus(status);
}

/**
 * `check: true` asks the server; `check: false` (guide pages, which make no
 * calls) uses only what this visit already learned.
 */
export function useAuthStatus({ check }: { check: boolean }): AuthStatus {
  // Prerendered pages know nothing of the visitor: "unknown" until the browser finds out.
  const status = useSyncExternalStore(
    subscribe,
    () => current,
    () => "unknown" as const,
  );
  useEffect(() => {
    if (!check) publish(mayBeSignedIn() ? rememberedAuthStatus() : "anonymous");
    else void checkAuthStatus().then(publish);
  }, [check]);
  return status;
}
