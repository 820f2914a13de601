import { useState } from "react";
import type { QuestSettingView } from "../../../common/api/admin-quests.ts";
import { useConsoleQuery } from "./use-console-query.ts";

const keyOf = (quest: Pick<QuestSettingView, "kind" | "id">) => `${quest.kind}/${quest.id}`;

/**
 * The quest settings page's data: every quest, the one an admin chose to
 * change (the first that is not retired until they choose).
 */
export function useQuestSettings() {
  const { data, error, reload } = useConsoleQuery("GET /api/admin/quests");
  const [chosenKey, choose] = useState<string | null>(null);
  const changeable = data?.quests.filter((quest) => quest.status !== "retired") ?? [];
  const chosen = changeable.find((quest) => keyOf(quest) === chosenKey) ?? changeable[0] ?? null;
  return { quests: data?.quests ?? null, error, reload, changeable, chosen, choose, keyOf };
}
