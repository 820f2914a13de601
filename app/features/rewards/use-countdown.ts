import { useEffect, useRef, useState } from "react";
import { parseCountdown, secondsShown } from "../../../common/countdown.ts";
import { COUNTDOWN_TICK_MS } from "../../lib/timings.ts";

export type Countdown = { secondsLeft: number; ended: boolean };

/**
 * Seconds to show from the server's HH:MM:SS, ticking every second against the
 * clock (not by counting ticks, so a sleeping tab catches up), and whether the
 * wait is over; `onZero` runs once when it ends.
 */
export function useCountdown(timeRemaining: string, onZero: () => void): Countdown {
  const [countdown, setCountdown] = useState(() => shown(parseCountdown(timeRemaining) * 1000));
  const zeroHandler = useRef(onZero);
  zeroHandler.current = onZero;

  useEffect(() => {
    const endsAt = Date.now() + parseCountdown(timeRemaining) * 1000;
    setCountdown(shown(endsAt - Date.now()));
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      const msLeft = endsAt - Date.now();
      setCountdown(shown(msLeft));
      if (msLeft <= 0) {
        clearInterval(timer);
        zeroHandler.current();
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [timeRemaining]);

  return countdown;
}

function shown(msLeft: number): Countdown {
  return { secondsLeft: secondsShown(msLeft), ended: msLeft <= 0 };
}
