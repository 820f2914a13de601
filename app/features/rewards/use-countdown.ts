import { useEffect, useRef, useState } from "react";
import { parseCountdown, secondsShown } from "../../../common/countdown.ts";
import { COUNTDOWN_TICK_MS } from "../../lib/timings.ts";

/**
 * Seconds to show from the server's HH:MM:SS, ticking every second against the
 * clock (not by counting ticks, so a sleeping tab catches up); `onZero` runs once.
 */
export function useCountdown(timeRemaining: string, onZero: () => void): number {
  const [left, setLeft] = useState(() => secondsShown(parseCountdown(timeRemaining) * 1000));
  const zeroHandler = useRef(onZero);
  zeroHandler.current = onZero;

  useEffect(() => {
    const endsAt = Date.now() + parseCountdown(timeRemaining) * 1000;
    setLeft(secondsShown(endsAt - Date.now()));
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      const msLeft = endsAt - Date.now();
      setLeft(secondsShown(msLeft));
      if (msLeft <= 0) {
        clearInterval(timer);
        zeroHandler.current();
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [timeRemaining]);

  return left;
}
