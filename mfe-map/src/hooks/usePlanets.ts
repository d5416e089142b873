import type { Planet } from '@skynet/contract';
import { planetApi } from '@skynet/kit';
import { errorText } from '@skynet/shared';
import { useCallback, useEffect, useState } from 'react';

export interface PlanetsState {
  planets: Planet[];
  error: string | null;
  reload: () => void;
}

/** The planet list (cached by the shared HTTP client for 5 minutes). */
export function usePlanets(): PlanetsState {
  const [planets, setPlanets] = useState<Planet[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger.
  useEffect(() => {
    let alive = true;
    setError(null);
    planetApi.list().then(
      (list) => {
        if (alive) setPlanets(Array.isArray(list) ? list : []);
      },
      (failure: unknown) => {
        if (alive) setError(errorText(failure));
      },
    );
    return () => {
      alive = false;
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { planets, error, reload };
}
