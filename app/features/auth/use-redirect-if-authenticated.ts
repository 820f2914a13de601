import { useEffect } from "react";
import { href, useNavigate } from "react-router";
import { useAuthStatus } from "./use-auth-status.ts";

/** Login and register send a signed-in visitor to the dashboard, or to the member page that sent them to log in. */
export function useRedirectIfAuthenticated(returnTo: string | null = null): void {
  const status = useAuthStatus({ check: true });
  const navigate = useNavigate();
  useEffect(() => {
    if (status === "authenticated") navigate(returnTo ?? href("/dashboard"), { replace: true });
  }, [status, navigate, returnTo]);
}
