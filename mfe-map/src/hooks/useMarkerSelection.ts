import { useRef, useState } from 'react';
import { hintSeen, MAP_HINT_SEEN_KEY } from '../map/hint';

export type Stage = 'preview' | 'expanded';

/**
 * Planet markers: hover or first tap previews, second tap (or Enter) expands. And the one-line invitation for a
 * first visit, gone after the first tap on a planet, for good. `pressingMarker` is set while a pointer presses a
 * marker (the gestures set it), so the focus that press gives the button is not taken for a keyboard's.
 */
export function useMarkerSelection() {
  const [hovered, setHovered] = useState<string | null>(null);
  const [selected, setSelected] = useState<{ id: string; stage: Stage } | null>(null);
  const pressingMarker = useRef(false);
  const stageOf = (id: string): Stage | null =>
    selected?.id === id ? selected.stage : hovered === id ? 'preview' : null;

  const [showHint, setShowHint] = useState(() => !hintSeen());
  const onMarkerClick = (id: string) => {
    pressingMarker.current = false;
    if (showHint) {
      setShowHint(false);
      try {
        window.localStorage.setItem(MAP_HINT_SEEN_KEY, '1');
      } catch {
        // not remembered: shown again on the next visit
      }
    }
    setSelected(stageOf(id) ? { id, stage: 'expanded' } : { id, stage: 'preview' });
  };
  const onMarkerFocus = (id: string) => {
    // A pointer press focuses the button too: that first tap is handled by the click.
    if (!pressingMarker.current) setSelected((old) => (old?.id === id ? old : { id, stage: 'preview' }));
  };
  const deselect = () => setSelected(null);

  return { stageOf, setHovered, onMarkerClick, onMarkerFocus, deselect, showHint, pressingMarker };
}
