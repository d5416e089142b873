// Pure maths of the galaxy map: no DOM, no React, unit-tested in math.test.ts.
// The view is described by the map point shown at the centre of the viewport (x, y, in map units)
// and a zoom factor (screen pixels per map unit).

export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 10;
/** Spec point 9: the wheel changes the zoom by its delta divided by 1000. */
export const WHEEL_DIVISOR = 1000;
/** Keyboard steps: arrow keys pan this many screen pixels, +/- multiply or divide the zoom by this. */
export const KEY_PAN_PX = 60;
export const KEY_ZOOM_FACTOR = 1.25;

export interface Point {
  x: number;
  y: number;
}

export interface View {
  x: number;
  y: number;
  zoom: number;
}

export interface Size {
  width: number;
  height: number;
}

export function clampZoom(zoom: number): number {
  if (Number.isNaN(zoom)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** Screen position (relative to the viewport's top-left) of a map point. */
export function toScreen(view: View, size: Size, point: Point): Point {
  return {
    x: size.width / 2 + (point.x - view.x) * view.zoom,
    y: size.height / 2 + (point.y - view.y) * view.zoom,
  };
}

/** Map point under a screen position. */
export function toMap(view: View, size: Size, screen: Point): Point {
  return {
    x: view.x + (screen.x - size.width / 2) / view.zoom,
    y: view.y + (screen.y - size.height / 2) / view.zoom,
  };
}

/** Dragging by (dx, dy) screen pixels moves the map with the pointer. */
export function pan(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x - dx / view.zoom, y: view.y - dy / view.zoom };
}

/** Zooms to `zoom` (clamped) keeping the map point under `anchor` (screen pixels) where it is. */
export function zoomAt(view: View, size: Size, zoom: number, anchor: Point): View {
  const next = clampZoom(zoom);
  const fixed = toMap(view, size, anchor);
  return {
    zoom: next,
    x: fixed.x - (anchor.x - size.width / 2) / next,
    y: fixed.y - (anchor.y - size.height / 2) / next,
  };
}

/**
 * The zoom after one wheel event: it changes by deltaY / 1000 of the current zoom (wheel up zooms in),
 * so a notch feels the same at every zoom level; clamped to 0.1..10.
 */
export function wheelZoom(zoom: number, deltaY: number): number {
  return clampZoom(zoom * (1 - deltaY / WHEEL_DIVISOR));
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** A pinch: two fingers started at `from` with view `start`, now at `to`. Zooms by the distance ratio
 * about the fingers' midpoint and follows the midpoint's movement. */
export function pinch(start: View, size: Size, from: [Point, Point], to: [Point, Point]): View {
  const startDistance = distance(from[0], from[1]);
  const ratio = startDistance > 0 ? distance(to[0], to[1]) / startDistance : 1;
  const startMid = midpoint(from[0], from[1]);
  const mid = midpoint(to[0], to[1]);
  const zoomed = zoomAt(start, size, start.zoom * ratio, startMid);
  return pan(zoomed, mid.x - startMid.x, mid.y - startMid.y);
}

/** The zoom that fits a circle of `radius` map units (around the origin) in the viewport. */
export function fitZoom(size: Size, radius: number, margin = 16): number {
  const half = Math.min(size.width, size.height) / 2 - margin;
  if (half <= 0 || radius <= 0) return 1;
  return clampZoom(half / radius);
}

/** The readout rounds to whole map units; the Recenter button is disabled when this says 0, 0. */
export function isAtOrigin(view: View): boolean {
  return Math.round(view.x) === 0 && Math.round(view.y) === 0;
}

export function formatReadout(view: View): { x: string; y: string; zoom: string } {
  const whole = (n: number) => {
    const r = Math.round(n);
    return r === 0 ? '0' : String(r); // never "-0"
  };
  return { x: whole(view.x), y: whole(-view.y), zoom: `${view.zoom.toFixed(2)}×` };
}
