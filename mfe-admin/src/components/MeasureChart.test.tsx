import { minutesOf, niceTop } from './MeasureChart';

test('the scale tops at a round figure at or above the largest value', () => {
  expect(niceTop(2376)).toBe(2500);
  expect(niceTop(1900)).toBe(2000);
  expect(niceTop(0.143)).toBe(0.2);
  expect(niceTop(0.0131)).toBe(0.02);
  expect(niceTop(100)).toBe(100);
  expect(niceTop(0)).toBe(0);
});

test("a measure's minutes, oldest first, with both sides of each", () => {
  const minutes = minutesOf(
    [
      { at: '2026-11-27T12:02:00.000Z', name: 'lcp', arm: 'canary', value: 2000, samples: 3 },
      { at: '2026-11-27T12:01:00.000Z', name: 'lcp', arm: 'stable', value: 1200, samples: 4 },
      { at: '2026-11-27T12:01:00.000Z', name: 'inp', arm: 'stable', value: 80, samples: 4 },
    ],
    'lcp',
  );
  expect(minutes.map((m) => [m.at.slice(11, 16), m.stable?.value ?? null, m.canary?.value ?? null])).toEqual([
    ['12:01', 1200, null],
    ['12:02', null, 2000],
  ]);
});
