import { ADVISORY_LOCKS } from './locks.js';

describe('advisory lock keys', () => {
  it('gives every lock a key of its own', () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps every key a positive 32-bit integer (pg_advisory_lock(int8) takes any, ours stay in one range)', () => {
    for (const key of Object.values(ADVISORY_LOCKS)) {
      expect(Number.isInteger(key)).toBe(true);
      expect(key).toBeGreaterThan(0);
      expect(key).toBeLessThan(2 ** 31);
    }
  });
});
