import { useCallback, useEffect, useRef, useState } from 'react';
import {
  createClickCounter,
  createKeyBuffer,
  EASTER_EGG_DURATION_MS,
  makeSprites,
  type Sprite,
} from '../map/easterEgg';

/**
 * The easter egg: typing its word anywhere outside a field, or clicking the map often enough, launches sprites for
 * a while. `countClick` counts one click on the map.
 */
export function useEasterEgg() {
  const [sprites, setSprites] = useState<Sprite[] | null>(null);
  const launches = useRef(0);
  const clicks = useRef(createClickCounter());
  const launch = useCallback(() => {
    launches.current += 1;
    setSprites(makeSprites(launches.current));
  }, []);
  useEffect(() => {
    if (!sprites) return;
    const timer = window.setTimeout(() => setSprites(null), EASTER_EGG_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [sprites]);
  useEffect(() => {
    const buffer = createKeyBuffer();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('input, textarea, select, [contenteditable="true"]')) return;
      if (buffer.push(event.key)) launch();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [launch]);
  const countClick = () => {
    if (clicks.current.click()) launch();
  };
  return { sprites, countClick };
}
