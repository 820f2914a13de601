import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type QuestRefusal, questRefusalText } from "../../../../common/api/admin-quests.ts";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../db/client.ts";
import { defineQuest, editQuest, listQuestSettings, type QuestSetting, setQuestStatus } from "../../../services/quests/settings.ts";
import { endpoints, staffChange } from "../../endpoint.ts";
import { refuse } from "../../refusals.ts";
import { actorOf } from "./guard.ts";

const view = (quest: QuestSetting) => ({
  kind: quest.kind,
  id: quest.id,
  title: quest.title,
  page: quest.page,
  tokens: quest.tokens.toString(),
  xp: quest.xp,
  period: quest.period,
  status: quest.status,
  updated_at: quest.updatedAt.toISOString(),
});

const STATUS_DONE = { active: "is active again", paused: "is paused", retired: "is retired" } as const;

/** Quest settings: every staff member reads them; admins define, edit, pause, resume and retire quests. */
export async function consoleQuestRoutes(fastify: FastifyInstance, { db, clock }: { db: Database; clock: Clock }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);
  const deps = { db, clock };
  const refused = (reply: Parameters<typeof refuse>[0], result: QuestRefusal) => refuse(reply, result, questRefusalText);

  endpoint("GET /api/admin/quests", { config: { consoleAccess: "console" } }, async () => ({
    quests: (await listQuestSettings(db)).map(view),
  }));

  endpoint("POST /api/admin/quests", { config: staffChange("admin") }, async (request, reply) => {
    const { reason, ...quest } = request.body;
    const result = await defineQuest(deps, actorOf(request), quest, reason);
    if (!result.ok) return refused(reply, result);
    return { suc_msg: `The ${quest.kind} quest "${quest.title}" is active.` };
  });

  endpoint("POST /api/admin/quests/:kind/:id/edit", { config: staffChange("admin") }, async (request, reply) => {
    const { kind, id } = request.params;
    const { title, tokens, xp, reason } = request.body;
    const result = await editQuest(deps, actorOf(request), kind, id, { title, tokens: BigInt(tokens), xp }, reason);
    if (!result.ok) return refused(reply, result);
    return {
      suc_msg: `"${result.quest.title}" now pays ${result.quest.xp} XP and ${result.quest.tokens} tokens, from the next credit on.`,
    };
  });

  endpoint("POST /api/admin/quests/:kind/:id/status", { config: staffChange("admin") }, async (request, reply) => {
    const { kind, id } = request.params;
    const result = await setQuestStatus(deps, actorOf(request), kind, id, request.body.status, request.body.reason);
    if (!result.ok) return refused(reply, result);
    return { suc_msg: `"${result.quest.title}" ${STATUS_DONE[result.quest.status]}.` };
  });
}
