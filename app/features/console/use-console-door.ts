import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ADMIN_REFUSALS, type ConsoleState, CSRF_HEADER } from "../../../common/api/admin.ts";
import type { EndpointKey } from "../../../common/api/endpoints.ts";
import type { ErrorReply } from "../../../common/api/fields.ts";
import { type CallArguments, call } from "../../lib/api-call.ts";
import { UNREACHABLE } from "../../lib/api-request.ts";
import { useCsrfToken } from "../../lib/use-csrf-token.ts";
import type { ConsoleApi } from "./console-context.ts";
import { downloadFile } from "./download-file.ts";

/** Where the operator stands at the console's door. */
export type DoorState =
  | { kind: "loading" }
  | { kind: "unreachable" }
  | { kind: "signed-out" }
  | { kind: "not-staff"; message: string }
  | { kind: "enrol"; operator: ConsoleState }
  | { kind: "locked"; operator: ConsoleState }
  | { kind: "open"; operator: ConsoleState };

/**
 * Asks the server where the operator stands and keeps the console's calls:
 * each carries the console CSRF token, and the answer that the second factor
 * lapsed (30 idle minutes) closes the console until a new code is given.
 */
export function useConsoleDoor() {
  const csrf = useCsrfToken("console", { load: false });
  // The hook answers a new object each render: the calls read it through a ref so they (and the first check) stay put.
  const csrfRef = useRef(csrf);
  csrfRef.current = csrf;
  const [door, setDoor] = useState<DoorState>({ kind: "loading" });
  const operatorRef = useRef<ConsoleState | null>(null);

  const send = useCallback(async <K extends EndpointKey>(endpoint: K, ...[input, init]: CallArguments<K>) => {
    const result = await csrfRef.current.sendWithToken((token) =>
      call(endpoint, ...([input, { ...init, headers: { [CSRF_HEADER]: token } }] as CallArguments<K>)),
    );
    const refusal = (result.body as Partial<ErrorReply> | null)?.err_msg;
    if (result.status === 401 && refusal === ADMIN_REFUSALS.secondFactor && operatorRef.current)
      setDoor({ kind: "locked", operator: { ...operatorRef.current, console_open: false } });
    return result;
  }, []);

  const check = useCallback(async () => {
    const result = await send("GET /api/admin/session");
    if (result.status === 0 || result.status >= 500) return setDoor({ kind: "unreachable" });
    if (result.status === 401) return setDoor({ kind: "signed-out" });
    if (!result.ok || !result.body) return setDoor({ kind: "not-staff", message: result.body?.err_msg ?? UNREACHABLE });
    const operator = result.body;
    operatorRef.current = operator;
    setDoor({ kind: !operator.enrolled ? "enrol" : operator.console_open ? "open" : "locked", operator });
  }, [send]);

  useEffect(() => {
    void check();
  }, [check]);

  const api = useMemo<ConsoleApi | null>(() => {
    if (door.kind !== "open") return null;
    return {
      operator: door.operator,
      call: send,
      download: async (path) => {
        const file = await downloadFile(path, { [CSRF_HEADER]: (await csrfRef.current.ensure()) ?? "" });
        if (!file.ok) return file.message ?? UNREACHABLE;
        const url = URL.createObjectURL(file.blob);
        const link = Object.assign(document.createElement("a"), { href: url, download: file.filename });
        link.click();
        URL.revokeObjectURL(url);
        return null;
      },
    };
  }, [door, send]);

  return { door, api, check, send };
}
