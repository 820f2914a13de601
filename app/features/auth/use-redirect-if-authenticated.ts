import { useEffect } from "react";
import { href, useNavigate } from "react-router";
import { useAuthStatus } from "./auth-status.ts";

/** Login and register send a signed-in visitor to the dashboard. */
export function useRedirectIfAuthenticated(): void {
  const status = useAuthStatus({ check: true });
  const navigate = useNavigate();
  useEffect(() => {
    if (status === "authenticated") navigate(href("/dashboard"), { replace: true });
  }, [status, navigate]);
}
