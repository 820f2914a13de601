import { href } from "react-router";
import { quests } from "../../lib/api-client.ts";
import { useMemberData } from "../auth/use-member-data.ts";

/** The member's quests; a visitor who is not signed in goes to /login, as on the dashboard. */
export function useQuests() {
  return useMemberData(quests, href("/login"));
}
