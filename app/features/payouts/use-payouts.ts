import { useCallback, useEffect, useState } from "react";
import type { PayoutsView } from "../../../common/api/payouts.ts";
import { payouts } from "../../lib/api-client.ts";

/** The member's transfers and verified wallet; `reload` after any change. */
export function usePayouts() {
  const [view, setView] = useState<PayoutsView | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    const result = await payouts();
    if (result.ok && result.body) {
      setView(result.body);
      setFailed(false);
    } else setFailed(true);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { view, failed, reload };
}
