import { useEffect, useSyncExternalStore } from "react";
import { type AuthStatus, checkAuthStatus, currentAuthStatus, knownAuthStatus, subscribeToAuthStatus } from "./auth-status.ts";

export type { AuthStatus };

/**
 * The page's one auth state, re-rendered whenever it learns something new.
 * `check: true` asks the server; `check: false` (guide pages, which make no
 * calls) uses only what this visit already learned.
 */
export function useAuthStatus({ check }: { check: boolean }): AuthStatus {
  // Prerendered pages know nothing of the visitor: "unknown" until the browser finds out.
  const status = useSyncExternalStore(subscribeToAuthStatus, currentAuthStatus, () => "unknown" as const);
  useEffect(() => {
    if (check) void checkAuthStatus();
    else knownAuthStatus();
  }, [check]);
  return status;
}
