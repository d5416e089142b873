import { message, utcDays } from '../testing/builders';
import {
  flattenDays,
  formatLastMessageAt,
  formatMessageTime,
  groupByVancouverDay,
  mergeMessages,
  shiftDayKey,
  vancouverDayKey,
} from './chatTime';

const headings = (messages: ReturnType<typeof message>[]) =>
  groupByVancouverDay(messages).map((day) => [day.heading, day.messages.map((m) => m.createdAt)]);

describe('groupByVancouverDay', () => {
  it('puts an evening message in Vancouver on its Vancouver day, not the next UTC day', () => {
    // 05:30 UTC on the 24th is 21:30 on Sunday the 23rd in Vancouver (PST, UTC-8).
    const evening = message('2025-11-24T05:30:00.000Z');
    const lateEvening = message('2025-11-24T07:59:00.000Z');
    const afterMidnight = message('2025-11-24T08:00:00.000Z');
    const days = groupByVancouverDay(flattenDays(utcDays([evening, lateEvening, afterMidnight])));
    expect(days.map((d) => d.key)).toEqual(['2025-11-23', '2025-11-24']);
    expect(days.map((d) => d.heading)).toEqual(['Sun, Nov 23', 'Mon, Nov 24']);
    expect(days[0]!.messages).toEqual([evening, lateEvening]);
    expect(days[1]!.messages).toEqual([afterMidnight]);
  });

  it('merges two UTC groups that are one Vancouver day', () => {
    // Server: '2025-11-23' and '2025-11-24' (UTC). Vancouver: both Sunday the 23rd.
    const afternoon = message('2025-11-23T22:00:00.000Z');
    const night = message('2025-11-24T06:00:00.000Z');
    const server = utcDays([afternoon, night]);
    expect(server.map((d) => d._id)).toEqual(['2025-11-23', '2025-11-24']);
    expect(headings(flattenDays(server))).toEqual([['Sun, Nov 23', [afternoon.createdAt, night.createdAt]]]);
  });

  it('splits one UTC group that spans two Vancouver days', () => {
    const early = message('2025-11-24T01:00:00.000Z'); // Sun 17:00 in Vancouver
    const late = message('2025-11-24T12:00:00.000Z'); // Mon 04:00 in Vancouver
    const server = utcDays([early, late]);
    expect(server).toHaveLength(1);
    expect(headings(flattenDays(server))).toEqual([
      ['Sun, Nov 23', [early.createdAt]],
      ['Mon, Nov 24', [late.createdAt]],
    ]);
  });

  it('uses daylight time (UTC-7) after the spring change', () => {
    // 8 March 2026, 2:00 PST becomes 3:00 PDT: midnight of the 9th is 07:00 UTC, not 08:00.
    expect(headings([message('2026-03-09T06:59:00.000Z'), message('2026-03-09T07:00:00.000Z')])).toEqual([
      ['Sun, Mar 8', ['2026-03-09T06:59:00.000Z']],
      ['Mon, Mar 9', ['2026-03-09T07:00:00.000Z']],
    ]);
    // Around the change itself: 09:59 UTC is 1:59 PST, 10:00 UTC is 3:00 PDT, the same day.
    expect(headings([message('2026-03-08T09:59:00.000Z'), message('2026-03-08T10:00:00.000Z')])).toHaveLength(
      1,
    );
    expect(formatMessageTime('2026-03-08T09:59:00.000Z')).toBe('1:59 AM');
    expect(formatMessageTime('2026-03-08T10:00:00.000Z')).toBe('3:00 AM');
  });

  it('uses standard time (UTC-8) after the autumn change', () => {
    // 2 November 2025, 2:00 PDT becomes 1:00 PST: midnight of the 3rd is 08:00 UTC.
    expect(headings([message('2025-11-03T07:30:00.000Z'), message('2025-11-03T08:00:00.000Z')])).toEqual([
      ['Sun, Nov 2', ['2025-11-03T07:30:00.000Z']],
      ['Mon, Nov 3', ['2025-11-03T08:00:00.000Z']],
    ]);
    // The repeated hour: 08:30 and 09:30 UTC are both 1:30 AM on Sunday the 2nd.
    expect(formatMessageTime('2025-11-02T08:30:00.000Z')).toBe('1:30 AM');
    expect(formatMessageTime('2025-11-02T09:30:00.000Z')).toBe('1:30 AM');
    expect(headings([message('2025-11-02T08:30:00.000Z'), message('2025-11-02T09:30:00.000Z')])).toHaveLength(
      1,
    );
  });

  it('orders messages oldest first whatever order they come in', () => {
    const a = message('2025-11-20T18:00:00.000Z');
    const b = message('2025-11-20T18:05:00.000Z');
    const c = message('2025-11-21T18:00:00.000Z');
    const days = groupByVancouverDay([c, b, a]);
    expect(days.map((d) => d.messages)).toEqual([[a, b], [c]]);
  });

  it('gives nothing for no messages', () => {
    expect(groupByVancouverDay([])).toEqual([]);
    expect(flattenDays([])).toEqual([]);
  });
});

describe('Vancouver day keys', () => {
  it('reads the calendar day in Vancouver', () => {
    expect(vancouverDayKey(new Date('2026-01-01T07:59:59.000Z'))).toBe('2025-12-31');
    expect(vancouverDayKey(new Date('2026-01-01T08:00:00.000Z'))).toBe('2026-01-01');
  });

  it('shifts by calendar days across month, year and DST boundaries', () => {
    expect(shiftDayKey('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDayKey('2026-03-09', -1)).toBe('2026-03-08');
    expect(shiftDayKey('2024-02-28', 1)).toBe('2024-02-29');
  });
});

describe('formatMessageTime', () => {
  it('shows the Vancouver time of day', () => {
    expect(formatMessageTime('2025-11-24T05:30:00.000Z')).toBe('9:30 PM');
  });
  it('shows nothing for a broken date', () => {
    expect(formatMessageTime('not a date')).toBe('');
  });
});

describe('formatLastMessageAt', () => {
  // Monday 24 November 2025, 10:00 in Vancouver.
  const now = new Date('2025-11-24T18:00:00.000Z');
  it.each([
    ['2025-11-24T17:59:40.000Z', 'Just now'],
    ['2025-11-24T17:55:00.000Z', '5 min ago'],
    ['2025-11-24T17:00:01.000Z', '59 min ago'],
    ['2025-11-24T15:00:00.000Z', '3 h ago'],
    ['2025-11-24T08:00:00.000Z', '10 h ago'], // midnight Vancouver: still today
    ['2025-11-24T07:59:00.000Z', 'Yesterday'], // 23:59 Sunday in Vancouver, though the same UTC day
    ['2025-11-23T08:00:00.000Z', 'Yesterday'],
    ['2025-11-23T07:59:00.000Z', 'Nov 22'],
    ['2024-12-25T20:00:00.000Z', 'Dec 25, 2024'],
    ['2025-11-24T18:01:00.000Z', 'Just now'], // a clock slightly ahead
  ])('%s is "%s"', (iso, text) => {
    expect(formatLastMessageAt(iso, now)).toBe(text);
  });
  it('shows nothing when there is no date', () => {
    expect(formatLastMessageAt(null, now)).toBe('');
    expect(formatLastMessageAt('garbage', now)).toBe('');
  });
});

describe('mergeMessages', () => {
  it("takes the server's list and keeps a just-sent message an older answer does not have yet", () => {
    const a = message('2025-11-24T10:00:00.000Z');
    const b = message('2025-11-24T10:01:00.000Z');
    const sent = message('2025-11-24T10:02:00.000Z');
    expect(mergeMessages([a, sent], [a, b])).toEqual([a, b, sent]);
    expect(mergeMessages([], [b, a])).toEqual([a, b]);
    expect(mergeMessages([a, b], [a, b])).toEqual([a, b]);
  });
});
