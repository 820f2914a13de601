import type { ChainIndexStatus } from "../../../common/api/quests.ts";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** How far the chain index has read: a find newer than its last block, or not yet final, is pending, not rejected. */
export function ChainIndexLag({ index }: { index: ChainIndexStatus }) {
  if (index.status === "off")
    return (
      <p className="mt-2 text-base text-ink-800" data-testid="chain-index-lag">
        On-chain quests need the site's chain index, which runs only where the site has a node. This site has none, so they cannot be
        checked here.
      </p>
    );
  if (index.status === "unread")
    return (
      <p className="mt-2 text-base text-ink-800" data-testid="chain-index-lag">
        The chain index has not read the chain yet. Check back in a minute.
      </p>
    );
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(index.last_block_time)) / 60_000));
  return (
    <p className="mt-2 text-base text-ink-800" data-testid="chain-index-lag">
      The chain as of block <strong>{index.last_block}</strong> ({timeFormat.format(new Date(index.last_block_time))},{" "}
      {minutes === 0 ? "less than a minute ago" : `${minutes} min ago`}). Anything newer, or in the last {index.confirmations} blocks, shows
      as pending until it is final: check again then.
    </p>
  );
}
