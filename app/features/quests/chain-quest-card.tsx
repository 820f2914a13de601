import type { ChainQuestEntry } from "../../../common/api/quests.ts";
import { formatTokens } from "../../lib/token-amount.ts";

const OUTCOME_LABEL = { passed: "Found", failed: "Not found", pending: "Pending", refused: "Refused" } as const;

/** One on-chain quest: the task, what it pays, its latest receipt, and a check against the verified wallet. */
export function ChainQuestCard({
  quest,
  canCheck,
  busy,
  onCheck,
}: {
  quest: ChainQuestEntry;
  canCheck: boolean;
  busy: boolean;
  onCheck: () => void;
}) {
  const pays = BigInt(quest.tokens) > 0n ? `${quest.xp} XP and ${formatTokens(quest.tokens)}` : `${quest.xp} XP`;
  return (
    <li className="card flex flex-col gap-3" data-testid={`chain-quest-${quest.id}`}>
      <h3 className="text-lg font-bold">{quest.title}</h3>
      <p className="text-sm text-ink-800">{quest.task}</p>
      <p className="text-sm text-ink-800">
        {quest.done
          ? `Done${quest.period === "month" ? " this month" : ""}: ${pays} earned.`
          : `Pays ${pays}${quest.period === "month" ? ", once a month" : ", once"}.`}
      </p>
      {quest.paused && !quest.done && (
        <p className="text-sm text-ink-900">Paused by our team for now: it cannot be checked until it is on again.</p>
      )}
      {quest.last_check && (
        <p className="text-sm text-ink-900">
          <strong>{OUTCOME_LABEL[quest.last_check.outcome]}.</strong> {quest.last_check.detail}
        </p>
      )}
      {!quest.done && !quest.paused && canCheck && (
        <div className="mt-auto">
          <button type="button" className="btn-primary" onClick={onCheck} disabled={busy} aria-label={`Check now: ${quest.title}`}>
            Check now
          </button>
        </div>
      )}
    </li>
  );
}
