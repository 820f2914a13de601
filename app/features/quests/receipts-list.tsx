import type { QuestsView } from "../../../common/api/quests.ts";
import { CardSection } from "../../components/ui/card-section.tsx";

/** What each check looked at and found, newest first. */
export function ReceiptsList({ receipts }: { receipts: QuestsView["receipts"] }) {
  return (
    <CardSection title="Receipts">
      {receipts.length === 0 ? (
        <p className="mt-3 text-base text-ink-800">
          Each quiz you send and each on-chain check leaves a receipt here: what was checked, when, and what it found.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-sand-200">
          {receipts.map((receipt) => (
            <li key={`${receipt.checked_at}-${receipt.quest}`} className="py-3 text-sm text-ink-800">
              {receipt.detail}
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
