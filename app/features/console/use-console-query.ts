import { useCallback, useEffect, useState } from "react";
import { UNREACHABLE } from "../../lib/use-api-form.ts";
import { useConsole } from "./console-context.ts";

/** A console page's data: loaded on mount and whenever `path` changes; `reload` after an action. */
export function useConsoleQuery<T>(path: string) {
  const { get } = useConsole();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const result = await get<T>(path);
    if (result.ok && result.body) {
      setData(result.body);
      setError(null);
    } else setError(result.body?.err_msg ?? UNREACHABLE);
  }, [get, path]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, error, reload };
}
