import { useCallback, useEffect, useState } from "react";
import type { PayoutsView } from "../../../common/api/payouts.ts";
import { payouts } from "../../lib/api/payouts.ts";

/**
 * The member's transfers and verified wallet; `reload` after any change.
 * A new dashboard address loads them again in place: remounting the card
 * would throw away an amount the member is typing.
 */
export function usePayouts(address: string | null) {
  const [view, setView] = useState<PayoutsView | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    const result = await payouts();
    if (result.ok && result.body) {
      setView(result.body);
      setFailed(false);
    } else setFailed(true);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is the reason to load again
  useEffect(() => {
    void reload();
  }, [reload, address]);
  return { view, failed, reload };
}
