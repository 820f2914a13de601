import { useCallback, useEffect, useState } from "react";
import type { EndpointKey, EndpointReply } from "../../../common/api/endpoints.ts";
import type { CallArguments } from "../../lib/api-call.ts";
import { UNREACHABLE } from "../../lib/api-request.ts";
import { useConsole } from "./console-context.ts";

/** A console page's data: loaded on mount and whenever the endpoint's input changes; `reload` after an action. */
export function useConsoleQuery<K extends EndpointKey>(endpoint: K, ...[input]: CallArguments<K>) {
  const { call } = useConsole();
  const [data, setData] = useState<EndpointReply<K> | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Compared by value: a page passes a new input object on every render.
  const sent = JSON.stringify(input ?? {});

  const reload = useCallback(async () => {
    const result = await call(endpoint, ...([JSON.parse(sent)] as CallArguments<K>));
    if (result.ok && result.body) {
      setData(result.body as EndpointReply<K>);
      setError(null);
    } else setError((result.body as { err_msg?: string } | null)?.err_msg ?? UNREACHABLE);
  }, [call, endpoint, sent]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, error, reload };
}
