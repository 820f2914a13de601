import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { ApiResult } from "../../lib/api-client.ts";
import { learnAuthStatus } from "./auth-status.ts";

export type MemberData<T> = { status: "loading" } | { status: "error" } | { status: "ready"; data: T };

/**
 * A member page's data, read on mount and on `reload`. A 403 means no one is
 * signed in: the visitor goes to `loginPath` (the spec's /login). A failed
 * reload keeps what the page already shows.
 */
export function useMemberData<T>(load: () => Promise<ApiResult<T>>, loginPath: string) {
  const [state, setState] = useState<MemberData<T>>({ status: "loading" });
  const navigate = useNavigate();

  const reload = useCallback(async () => {
    const result = await load();
    if (result.status === 403) {
      learnAuthStatus("anonymous");
      navigate(loginPath, { replace: true });
      return;
    }
    if (result.ok && result.body) {
      learnAuthStatus("authenticated");
      setState({ status: "ready", data: result.body });
    } else {
      setState((current) => (current.status === "ready" ? current : { status: "error" }));
    }
  }, [load, loginPath, navigate]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { state, reload };
}
