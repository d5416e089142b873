import { safeReturnPath } from './returnPath';

test.each([
  ['/settings', '/settings'],
  ['/post/12?x=1', '/post/12?x=1'],
  ['//evil.example', null],
  ['/\\evil.example', null],
  ['https://evil.example', null],
  ['', null],
  [null, null],
])('returnTo %s → %s', (input, expected) => {
  expect(safeReturnPath(input)).toBe(expected);
});
