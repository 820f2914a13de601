import { createContext, useContext } from "react";
import type { ConsoleState } from "../../../common/api/admin.ts";
import type { ErrorReply } from "../../../common/api/fields.ts";
import type { call } from "../../lib/api-call.ts";
import type { ApiResult } from "../../lib/api-request.ts";

export type ConsoleReply<T> = ApiResult<T & Partial<ErrorReply>>;

/** What every console page gets from the layout: who is operating, and calls that carry the console's CSRF token. */
export type ConsoleApi = {
  operator: ConsoleState;
  /** `call` (lib/api-call.ts) with the console's CSRF token. */
  call: typeof call;
  /** Saves the attachment the server sends; answers the refusal's text, or null when saved. */
  download(path: string): Promise<string | null>;
};

export const ConsoleContext = createContext<ConsoleApi | null>(null);

export function useConsole(): ConsoleApi {
  const api = useContext(ConsoleContext);
  if (!api) throw new Error("useConsole outside the console layout");
  return api;
}
