import { useCallback, useEffect, useRef, useState } from "react";
import type { CsrfPage } from "../../common/api/auth.ts";
import { FORM_EXPIRED } from "../../common/api/fields.ts";
import { call } from "./api-call.ts";
import type { ApiResult, Message } from "./api-request.ts";

/**
 * The page's CSRF token, requested once on load. A `null` page needs no
 * token: there is none to ask for.
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
  /**
   * Sends with the held token, and once more with a new one when the server
   * says the form expired: the token had aged out, or the session it was
   * bound to changed. That refusal comes before anything is written, so the
   * second send is safe; any other refusal (a frozen account's 403 leaves a
   * receipt) is answered as it came.
   */
  const sendWithToken = useCallback(
    async <Result extends ApiResult<Message>>(send: (csrfToken: string) => Promise<Result>): Promise<Result> => {
      const first = await send((await ensure()) ?? "");
      const expired = first.status === 403 && first.body?.err_msg === FORM_EXPIRED;
      return expired && page !== null ? send((await fetchToken()) ?? "") : first;
    },
    [ensure, fetchToken, page],
  );
  return { token, ensure, refresh: fetchToken, sendWithToken };
}
