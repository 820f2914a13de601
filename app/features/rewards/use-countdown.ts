import { useEffect, useRef, useState } from "react";
import { parseCountdown } from "../../../common/countdown.ts";
import { COUNTDOWN_TICK_MS } from "../../lib/timings.ts";

/**
 * Seconds left from the server's HH:MM:SS, ticking every second against the
 * clock (not by counting ticks, so a sleeping tab catches up); `onZero` runs once.
 */
export function useCountdown(timeRemaining: string, onZero: () => void): number {
  const [left, setLeft] = useState(() => parseCountdown(timeRemaining));
  const zeroHandler = useRef(onZero);
  zeroHandler.current = onZero;

  useEffect(() => {
    const endsAt = Date.now() + parseCountdown(timeRemaining) * 1000;
    const remaining = () => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
    setLeft(remaining());
    if (remaining() === 0) return;
    const timer = setInterval(() => {
      const next = remaining();
      setLeft(next);
      if (next === 0) {
        clearInterval(timer);
        zeroHandler.current();
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [timeRemaining]);

  return left;
}
