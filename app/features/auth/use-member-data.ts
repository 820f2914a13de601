import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { EndpointReply } from "../../../common/api/endpoints.ts";
import { call } from "../../lib/api-call.ts";
import { learnAuthStatus } from "./auth-status.ts";
import { loginFor } from "./return-path.ts";

/** Each member page and the endpoint its data comes from. */
const MEMBER_PAGE_ENDPOINTS = { "/dashboard": "GET /api/dashboard", "/quests": "GET /api/quests" } as const;
type MemberPage = typeof MEMBER_PAGE_ENDPOINTS;

export type MemberData<Data> = { status: "loading" } | { status: "error" } | { status: "ready"; data: Data };

/**
 * A member page's data, from the endpoint it reads. A 403 sends the visitor to /login, as the spec says of the dashboard, and
 * login brings them back; a failed reload keeps what the page already shows.
 */
export function useMemberData<Page extends keyof MemberPage>(page: Page) {
  const [state, setState] = useState<MemberData<EndpointReply<MemberPage[Page]>>>({ status: "loading" });
  const navigate = useNavigate();
  const reload = useCallback(async () => {
    const result = await call(MEMBER_PAGE_ENDPOINTS[page] as MemberPage[keyof MemberPage]);
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
  }, [navigate, page]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}
