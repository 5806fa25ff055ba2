import { useEffect, useState } from 'react';

/** Seconds left until `deadline` (ms since epoch), updated every second. */
export function useCountdown(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    };
    // Tick at once too, so a new deadline (a resent code) shows without a second's lag.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [deadline]);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
