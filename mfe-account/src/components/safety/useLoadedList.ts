// A list a Settings section loads once (and again on Try again), with what it shows meanwhile, and a way for the
// section's own changes to edit it; `live` says whether the section is still on screen (late answers are dropped).
import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';

export type LoadStatus = 'loading' | 'ready' | 'failed';

export function useLoadedList<T>(fetch: () => Promise<T[]>): {
  status: LoadStatus;
  items: T[];
  setItems: Dispatch<SetStateAction<T[]>>;
  load: () => void;
  live: RefObject<boolean>;
} {
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [items, setItems] = useState<T[]>([]);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const load = useCallback(() => {
    setStatus('loading');
    fetch().then(
      (list) => {
        if (!live.current) return;
        setItems(list);
        setStatus('ready');
      },
      () => live.current && setStatus('failed'),
    );
  }, [fetch]);
  useEffect(load, [load]);
  return { status, items, setItems, load, live };
}
