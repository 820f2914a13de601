import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { EndpointReply } from "../../../common/api/endpoints.ts";
import { call } from "../../lib/api-call.ts";
import { learnAuthStatus } from "./auth-status.ts";
import { loginFor } from "./return-path.ts";

type MemberPage = { "/dashboard": "GET /api/dashboard"; "/quests": "GET /api/quests" };

export type MemberData<Data> = { status: "loading" } | { status: "error" } | { status: "ready"; data: Data };

/**
 * A member page's data from its endpoint. A 403 sends the visitor to /login, as the spec says of the dashboard, and
 * login brings them back; a failed reload keeps what the page already shows.
 */
export function useMemberData<Page extends keyof MemberPage>(page: Page, endpoint: MemberPage[Page]) {
  const [state, setState] = useState<MemberData<EndpointReply<MemberPage[Page]>>>({ status: "loading" });
  const navigate = useNavigate();
  const reload = useCallback(async () => {
    const result = await call(endpoint as MemberPage[keyof MemberPage]);
    if (result.status === 403) {
      learnAuthStatus("anonymous");
      navigate(loginFor(page), { replace: true });
      return;
    }
    if (result.ok && result.body) {
      learnAuthStatus("authenticated");
      setState({ status: "ready", data: result.body as EndpointReply<MemberPage[Page]> });
    } else {
      setState((current) => (current.status === "ready" ? current : { status: "error" }));
    }
  }, [navigate, page, endpoint]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}
