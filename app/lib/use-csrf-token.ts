import { useCallback, useEffect, useRef, useState } from "react";
import type { CsrfPage } from "../../common/api/auth.ts";
import { call } from "./api-call.ts";

/**
 * The page's CSRF token, requested once on load; `refresh` after the server
 * says the form expired. A `null` page needs no token: there is none to ask for.
 */
export function useCsrfToken(page: CsrfPage | null, { load }: { load: boolean } = { load: true }) {
  const [token, setToken] = useState<string | null>(null);
  const pending = useRef<Promise<string | null> | null>(null);

  const fetchToken = useCallback(() => {
    if (page === null) return Promise.resolve(null);
    pending.current ??= (page === "register" ? call("GET /api/register") : call("GET /api/request-csrftoken", { query: { page } })).then(
      (result) => {
        pending.current = null;
        const value = result.ok && typeof result.body?.csrf_token === "string" ? result.body.csrf_token : null;
        setToken(value);
        return value;
      },
    );
    return pending.current;
  }, [page]);

  useEffect(() => {
    if (load) void fetchToken();
  }, [load, fetchToken]);

  /** The held token, or a new one when none is held. */
  const ensure = useCallback(async () => token ?? (await fetchToken()), [token, fetchToken]);
  return { token, ensure, refresh: fetchToken };
}
