import type { MouseEvent, PointerEvent, RefObject } from 'react';
import { useRef } from 'react';
import { type Point, pan, pinch, type Size, type View } from '../map/math';
import { relativeTo } from '../map/pointer';
import type { SetView } from './useMapView';

/** A press that moves more than this many pixels is a drag, not a click. */
const DRAG_THRESHOLD = 5;

interface GestureOptions {
  viewportRef: RefObject<HTMLDivElement | null>;
  viewRef: RefObject<View>;
  sizeRef: RefObject<Size>;
  setView: SetView;
  /** Set while a pointer presses a planet marker (cleared once the press is over). */
  pressingMarker: RefObject<boolean>;
  /** A click on the map that was not the end of a drag. */
  onClick: (target: HTMLElement) => void;
}

/**
 * Pointers on the map's viewport: drag to pan (mouse, pen, one finger), pinch with two fingers. The end of a drag is
 * not a click. Answers the viewport's handlers.
 */
export function useMapGestures({
  viewportRef,
  viewRef,
  sizeRef,
  setView,
  pressingMarker,
  onClick,
}: GestureOptions) {
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ view: View; points: Point[]; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  const local = (event: { clientX: number; clientY: number }) => relativeTo(viewportRef.current, event);
  const startGesture = (moved: boolean) => {
    gesture.current = { view: viewRef.current, points: [...pointers.current.values()], moved };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if ((event.target as HTMLElement).closest('a')) return; // let links in labels work normally
    if ((event.target as HTMLElement).closest('[data-marker]')) pressingMarker.current = true;
    pointers.current.set(event.pointerId, local(event));
    startGesture(gesture.current?.moved ?? false);
    suppressClick.current = false;
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, local(event));
    const g = gesture.current;
    if (!g) return;
    const [a, b] = [...pointers.current.values()];
    const [fromA, fromB] = g.points;
    if (!a || !fromA) return;
    if (b && fromB) {
      g.moved = true;
      setView(pinch(g.view, sizeRef.current, [fromA, fromB], [a, b]), 0);
      return;
    }
    const dx = a.x - fromA.x;
    const dy = a.y - fromA.y;
    if (!g.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!g.moved) {
      g.moved = true;
      // Capture only once it is a drag: capturing on press would steal the click from a marker.
      viewportRef.current?.setPointerCapture?.(event.pointerId);
    }
    setView(pan(g.view, dx, dy), 0);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const moved = gesture.current?.moved ?? false;
    if (moved) suppressClick.current = true;
    if (pointers.current.size > 0) startGesture(moved);
    else gesture.current = null;
    window.setTimeout(() => {
      pressingMarker.current = false;
    }, 0);
  };

  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    if (suppressClick.current) {
      // The end of a drag is not a click on whatever lay under the pointer.
      suppressClick.current = false;
      event.stopPropagation();
      event.preventDefault();
      return;
    }
    onClick(event.target as HTMLElement);
  };

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: onPointerEnd,
    onPointerCancel: onPointerEnd,
    onClickCapture,
  };
}
