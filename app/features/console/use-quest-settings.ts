import { useState } from "react";
import type { z } from "zod";
import type { QuestSettingView, questSettingsReply } from "../../../common/api/admin-quests.ts";
import { useConsoleQuery } from "./use-console-query.ts";

const keyOf = (quest: Pick<QuestSettingView, "kind" | "id">) => `${quest.kind}/${quest.id}`;

/**
 * The quest settings page's data: every quest, the one an admin chose to
 * change (the first that is not retired until they choose), and the address
 * of each change to it.
 */
export function useQuestSettings() {
  const { data, error, reload } = useConsoleQuery<z.infer<typeof questSettingsReply>>("/api/admin/quests");
  const [chosenKey, choose] = useState<string | null>(null);
  const changeable = data?.quests.filter((quest) => quest.status !== "retired") ?? [];
  const chosen = changeable.find((quest) => keyOf(quest) === chosenKey) ?? changeable[0] ?? null;
  const pathOf = (change: "edit" | "status") =>
    chosen ? `/api/admin/quests/${chosen.kind}/${encodeURIComponent(chosen.id)}/${change}` : "/api/admin/quests";
  return { quests: data?.quests ?? null, error, reload, changeable, chosen, choose, keyOf, pathOf };
}
