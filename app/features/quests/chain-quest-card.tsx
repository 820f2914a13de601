import { useEffect, useRef } from "react";
import type { ChainQuestEntry } from "../../../common/api/quests.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { formatTokens } from "../../lib/token-amount.ts";

const OUTCOME_LABEL = { passed: "Found", failed: "Not found", pending: "Pending", refused: "Refused" } as const;

/**
 * One on-chain quest: the task, what it pays, its latest receipt, and a check against the verified wallet. The
 * check's answer is told here, beside the button pressed: a refusal as an alert, a new receipt through a status
 * region; and when the check leaves no button (the quest is done), focus moves to the receipt rather than to the page.
 */
export function ChainQuestCard({
  quest,
  canCheck,
  busy,
  error,
  onCheck,
}: {
  quest: ChainQuestEntry;
  canCheck: boolean;
  busy: boolean;
  /** Why the last check of this quest was refused, if it was. */
  error: string | null;
  onCheck: () => void;
}) {
  const receipt = useRef<HTMLParagraphElement>(null);
  const pressed = useRef(false);
  const checkable = !quest.done && !quest.paused && canCheck;
  useEffect(() => {
    if (!checkable && pressed.current) receipt.current?.focus();
    pressed.current = false;
  }, [checkable]);
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
      <div role="status">
        {quest.last_check && (
          <p ref={receipt} tabIndex={-1} className="text-sm text-ink-900 wrap-anywhere">
            <strong>{OUTCOME_LABEL[quest.last_check.outcome]}.</strong> {quest.last_check.detail}
          </p>
        )}
      </div>
      <FormMessage error={error} />
      {checkable && (
        <div className="mt-auto">
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              pressed.current = true;
              onCheck();
            }}
            disabled={busy}
            aria-label={`Check now: ${quest.title}`}
          >
            Check now
          </button>
        </div>
      )}
    </li>
  );
}
