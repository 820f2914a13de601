import { dashboard } from "../../lib/api-client.ts";
import { loginFor } from "../auth/return-path.ts";
import { useMemberData } from "../auth/use-member-data.ts";

/** The dashboard's data; a 403 sends the visitor to /login, as the spec says, and login brings them back. */
export function useDashboard() {
  return useMemberData(dashboard, loginFor("/dashboard"));
}
