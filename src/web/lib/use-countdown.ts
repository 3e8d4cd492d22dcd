import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until `until` (epoch ms), ticking while above zero. `start(seconds)` begins a new
 * countdown and returns its end time (to keep across a reload).
 */
export function useCountdown(initialUntil = 0): {
  seconds: number;
  /** The seconds the current countdown started with (for a one-time announcement). */
  total: number;
  start: (seconds: number) => number;
} {
  const [until, setUntil] = useState(initialUntil);
  const [now, setNow] = useState(() => Date.now());
  const [total, setTotal] = useState(() => Math.max(0, Math.ceil((initialUntil - Date.now()) / 1000)));

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    const end = current + Math.max(0, seconds) * 1000;
    setNow(current);
    setUntil(end);
    setTotal(Math.ceil(Math.max(0, seconds)));
    return end;
  }, []);

  return { seconds: Math.max(0, Math.ceil((until - now) / 1000)), total, start };
}
