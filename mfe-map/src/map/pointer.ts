import type { Point } from './math';

/** A pointer's position relative to the element's top-left corner. */
export function relativeTo(element: HTMLElement | null, event: { clientX: number; clientY: number }): Point {
  const rect = element?.getBoundingClientRect();
  return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
}
