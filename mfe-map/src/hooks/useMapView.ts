import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  fitZoom,
  KEY_PAN_PX,
  KEY_ZOOM_FACTOR,
  type Point,
  pan,
  type View,
  wheelZoom,
  zoomAt,
} from '../map/math';
import { relativeTo } from '../map/pointer';
import { useElementSize } from './useElementSize';

/** Transition lengths (spec: 0.1 to 0.25 s): the wheel is quick, buttons and keys a little softer. */
const FAST = 0.1;
const SMOOTH = 0.25;
const FALLBACK_SIZE = { width: 800, height: 600 };

export type SetView = (next: View | ((old: View) => View), seconds: number) => void;

/**
 * The map's view (centre and zoom) over a viewport of `radius`: fitted to the whole system once the real size is
 * known, zoomed by the wheel around the pointer, by buttons and keys around the centre, panned by arrow keys.
 * `viewRef` and `sizeRef` hold the latest values for handlers that outlive a render (gestures).
 */
export function useMapView(viewportRef: RefObject<HTMLDivElement | null>, radius: number) {
  const size = useElementSize(viewportRef, FALLBACK_SIZE);
  const [view, setViewState] = useState<View>(() => ({ x: 0, y: 0, zoom: fitZoom(FALLBACK_SIZE, radius) }));
  const [transition, setTransition] = useState(0);
  const viewRef = useRef(view);
  const sizeRef = useRef(size);
  sizeRef.current = size;
  const fittedFor = useRef<string | null>(null);

  const setView = useCallback<SetView>((next, seconds) => {
    const value = typeof next === 'function' ? next(viewRef.current) : next;
    viewRef.current = value;
    setTransition(seconds);
    setViewState(value);
  }, []);

  // Fit the whole system once the real size is known and when the planets arrive; later resizes (a phone's
  // address bar, a rotation) keep whatever the person has panned to. A layout effect: the fitted view is the first
  // one painted, so the orbits and markers never jump from a provisional zoom (a layout shift of 0.92 on /home).
  useLayoutEffect(() => {
    const key = `${size === FALLBACK_SIZE ? 'fallback' : 'real'}:${radius}`;
    if (fittedFor.current === key || (fittedFor.current?.startsWith('real') && key.startsWith('fallback')))
      return;
    fittedFor.current = key;
    setView({ x: 0, y: 0, zoom: fitZoom(size, radius) }, 0);
  }, [size, radius, setView]);

  // The wheel needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const delta = event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY; // lines to pixels
      const anchor = relativeTo(element, event);
      setView((old) => zoomAt(old, sizeRef.current, wheelZoom(old.zoom, delta), anchor), FAST);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [viewportRef, setView]);

  const centre = (): Point => ({ x: sizeRef.current.width / 2, y: sizeRef.current.height / 2 });
  const zoomBy = (factor: number) =>
    setView((old) => zoomAt(old, sizeRef.current, old.zoom * factor, centre()), SMOOTH);
  const recenter = () => setView((old) => ({ ...old, x: 0, y: 0 }), SMOOTH);

  /** Arrow keys pan, plus and minus zoom: whether the key was one of them (then it is handled). */
  const moveByKey = (event: { key: string; preventDefault: () => void }): boolean => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN_PX, 0],
      ArrowRight: [-KEY_PAN_PX, 0],
      ArrowUp: [0, KEY_PAN_PX],
      ArrowDown: [0, -KEY_PAN_PX],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setView((old) => pan(old, move[0], move[1]), SMOOTH);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomBy(KEY_ZOOM_FACTOR);
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      zoomBy(1 / KEY_ZOOM_FACTOR);
    } else return false;
    return true;
  };

  return { size, view, transition, viewRef, sizeRef, setView, zoomBy, recenter, moveByKey };
}
