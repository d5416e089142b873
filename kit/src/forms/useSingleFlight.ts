// One request at a time: a second call while the first runs is ignored (no double submit), and `busy`
// drives the button's progress. The ref closes the gap before React re-renders the disabled button.
import { useCallback, useEffect, useRef, useState } from 'react';

export function useSingleFlight(): [
  busy: boolean,
  run: <T>(task: () => Promise<T>) => Promise<T | undefined>,
] {
  const running = useRef(false);
  const mounted = useRef(true);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    try {
      return await task();
    } finally {
      running.current = false;
      if (mounted.current) setBusy(false);
    }
  }, []);
  return [busy, run];
}
