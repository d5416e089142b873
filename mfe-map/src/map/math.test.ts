import {
  clampZoom,
  distance,
  fitZoom,
  formatReadout,
  isAtOrigin,
  MAX_ZOOM,
  MIN_ZOOM,
  midpoint,
  pan,
  pinch,
  toMap,
  toScreen,
  wheelZoom,
  zoomAt,
} from './math';

const size = { width: 800, height: 600 };

describe('clampZoom', () => {
  it('keeps the zoom between 0.1 and 10', () => {
    expect(MIN_ZOOM).toBe(0.1);
    expect(MAX_ZOOM).toBe(10);
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(42)).toBe(10);
    expect(clampZoom(2.5)).toBe(2.5);
    expect(clampZoom(Number.NaN)).toBe(1);
  });
});

describe('wheelZoom', () => {
  it('changes the zoom by the wheel delta divided by 1000', () => {
    expect(wheelZoom(1, -100)).toBeCloseTo(1.1);
    expect(wheelZoom(1, 100)).toBeCloseTo(0.9);
    expect(wheelZoom(2, 250)).toBeCloseTo(1.5);
  });
  it('never leaves the range', () => {
    expect(wheelZoom(0.1, 500)).toBe(0.1);
    expect(wheelZoom(10, -500)).toBe(10);
  });
});

describe('screen and map coordinates', () => {
  it('round-trips', () => {
    const view = { x: 40, y: -20, zoom: 2 };
    const point = { x: 123, y: -45 };
    const back = toMap(view, size, toScreen(view, size, point));
    expect(back.x).toBeCloseTo(point.x);
    expect(back.y).toBeCloseTo(point.y);
  });
  it('shows the view centre in the middle of the viewport', () => {
    expect(toScreen({ x: 10, y: 10, zoom: 3 }, size, { x: 10, y: 10 })).toEqual({ x: 400, y: 300 });
  });
});

describe('pan', () => {
  it('moves the map with the pointer, in map units at the current zoom', () => {
    expect(pan({ x: 0, y: 0, zoom: 2 }, 100, -50)).toEqual({ x: -50, y: 25, zoom: 2 });
  });
});

describe('zoomAt', () => {
  it('keeps the point under the pointer in place', () => {
    const view = { x: 0, y: 0, zoom: 1 };
    const anchor = { x: 600, y: 150 };
    const before = toMap(view, size, anchor);
    const after = zoomAt(view, size, 4, anchor);
    expect(after.zoom).toBe(4);
    const under = toMap(after, size, anchor);
    expect(under.x).toBeCloseTo(before.x);
    expect(under.y).toBeCloseTo(before.y);
  });
  it('does not move the centre when zooming about the centre', () => {
    expect(zoomAt({ x: 5, y: 7, zoom: 1 }, size, 2, { x: 400, y: 300 })).toEqual({ x: 5, y: 7, zoom: 2 });
  });
  it('clamps', () => {
    expect(zoomAt({ x: 0, y: 0, zoom: 1 }, size, 99, { x: 400, y: 300 }).zoom).toBe(10);
  });
});

describe('pinch', () => {
  it('measures the distance and midpoint of two fingers', () => {
    expect(distance({ x: 0, y: 0 }, { x: 3, y: 4 })).toBe(5);
    expect(midpoint({ x: 0, y: 0 }, { x: 4, y: 8 })).toEqual({ x: 2, y: 4 });
  });
  it('zooms by the ratio of finger distances about their midpoint', () => {
    const start = { x: 0, y: 0, zoom: 1 };
    const from: [{ x: number; y: number }, { x: number; y: number }] = [
      { x: 350, y: 300 },
      { x: 450, y: 300 },
    ];
    const spread = pinch(start, size, from, [
      { x: 300, y: 300 },
      { x: 500, y: 300 },
    ]);
    expect(spread.zoom).toBeCloseTo(2);
    expect(spread.x).toBeCloseTo(0);
    const closed = pinch(start, size, from, [
      { x: 399, y: 300 },
      { x: 401, y: 300 },
    ]);
    expect(closed.zoom).toBe(0.1);
  });
  it('follows the fingers when they move together', () => {
    const moved = pinch(
      { x: 0, y: 0, zoom: 1 },
      size,
      [
        { x: 350, y: 300 },
        { x: 450, y: 300 },
      ],
      [
        { x: 370, y: 300 },
        { x: 470, y: 300 },
      ],
    );
    expect(moved.zoom).toBeCloseTo(1);
    expect(moved.x).toBeCloseTo(-20);
  });
});

describe('fitZoom, readout and origin', () => {
  it('fits the system radius in the smaller side', () => {
    expect(fitZoom({ width: 800, height: 600 }, 284)).toBeCloseTo(1);
    expect(fitZoom({ width: 10, height: 10 }, 1000)).toBe(1);
  });
  it('rounds the readout without negative zeros and shows y upwards', () => {
    expect(formatReadout({ x: -0.3, y: 12.6, zoom: 1.234 })).toEqual({ x: '0', y: '-13', zoom: '1.23×' });
  });
  it('is at the origin when the readout says 0, 0', () => {
    expect(isAtOrigin({ x: 0.2, y: -0.4, zoom: 3 })).toBe(true);
    expect(isAtOrigin({ x: 1, y: 0, zoom: 1 })).toBe(false);
  });
});
