import type { QuestsView } from "../../../common/api/quests.ts";
import { SectionHeading, TitledSection } from "../../components/ui/titled-section.tsx";

const PERIOD_TEXT = {
  once: "once",
  daily: "once a day (UTC)",
  weekly: "once a week (UTC, from Monday)",
  monthly: "once a month (UTC)",
} as const;

/** Visit and read quests: the page, the XP and whether it is earned for this period. XP only: a visit cannot be checked. */
export function PageQuestsList({ pages }: { pages: QuestsView["pages"] }) {
  if (pages.length === 0) return null;
  return (
    <TitledSection>
      <SectionHeading className="text-2xl font-bold">Visit and read</SectionHeading>
      <p className="mt-2 text-ink-800">These pay XP for the leaderboard, never tokens: a visit cannot be checked.</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {pages.map((quest) => (
          <li key={`${quest.kind}-${quest.id}`} className="card">
            <h3 className="text-lg font-bold">
              <a className="link" href={quest.page}>
                {quest.title}
              </a>
            </h3>
            <p className="mt-2 text-sm text-ink-800">
              {quest.xp} XP, {PERIOD_TEXT[quest.period]}.{" "}
              {quest.paused
                ? "Paused for now."
                : quest.done
                  ? "Earned."
                  : quest.kind === "read"
                    ? "Read the page to its end."
                    : "Open the page."}
            </p>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
