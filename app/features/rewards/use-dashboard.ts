import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { DashboardData } from "../../../common/api/rewards.ts";
import { dashboard } from "../../lib/api-client.ts";
import { learnAuthStatus } from "../auth/auth-status.ts";
import { loginFor } from "../auth/return-path.ts";

export type DashboardState = { status: "loading" } | { status: "error" } | { status: "ready"; data: DashboardData };

/** The dashboard's data; a 403 sends the visitor to /login, as the spec says, and login brings them back. */
export function useDashboard() {
  const [state, setState] = useState<DashboardState>({ status: "loading" });
  const navigate = useNavigate();

  const reload = useCallback(async () => {
    const result = await dashboard();
    if (result.status === 403) {
      learnAuthStatus("anonymous");
      navigate(loginFor("/dashboard"), { replace: true });
      return;
    }
    if (result.ok && result.body) {
      learnAuthStatus("authenticated");
      setState({ status: "ready", data: result.body });
    } else {
      setState((current) => (current.status === "ready" ? current : { status: "error" }));
    }
  }, [navigate]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { state, reload };
}
