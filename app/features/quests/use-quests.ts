import { useCallback, useEffect, useState } from "react";
import { href, useNavigate } from "react-router";
import type { QuestsView } from "../../../common/api/quests.ts";
import { quests } from "../../lib/api-client.ts";

export type QuestsState = { status: "loading" } | { status: "error" } | { status: "ready"; data: QuestsView };

/** The member's quests; a visitor who is not signed in goes to /login, as on the dashboard. */
export function useQuests() {
  const [state, setState] = useState<QuestsState>({ status: "loading" });
  const navigate = useNavigate();
  const reload = useCallback(async () => {
    const result = await quests();
    if (result.status === 403) {
      navigate(href("/login"), { replace: true });
      return;
    }
    if (result.ok && result.body) setState({ status: "ready", data: result.body });
    else setState((current) => (current.status === "ready" ? current : { status: "error" }));
  }, [navigate]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}
