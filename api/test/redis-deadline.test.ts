// The deadline of request-path Redis calls (lib/redis-deadline.ts), with calls that answer when the test says so.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { createRedisDeadline, RedisDeadlineError } from '../src/lib/redis-deadline.js';

/** A call that answers when `answer()` is called, and how many times it was sent. */
function pending<T>() {
  let answer!: (value: T) => void;
  let sent = 0;
  const promise = new Promise<T>((resolve) => {
    answer = resolve;
  });
  return {
    send: () => {
      sent += 1;
      return promise;
    },
    answer: (value: T) => answer(value),
    sent: () => sent,
  };
}

/** What was logged, as `level: message`. */
const logged: string[] = [];
const log = {
  warn: (_obj: unknown, msg: string) => logged.push(`warn: ${msg}`),
  info: (_obj: unknown, msg: string) => logged.push(`info: ${msg}`),
} as unknown as FastifyBaseLogger;

const deadline = (ms = 50) => {
  logged.length = 0;
  return createRedisDeadline({ ms, log, name: 'redis', effect: 'limits let requests through' });
};

describe('a Redis call deadline', () => {
  it('passes an answer in time through, and a refusal', async () => {
    const d = deadline();
    assert.equal(await d.run(async () => 'PONG'), 'PONG');
    await assert.rejects(
      d.run(async () => {
        throw new Error('refused');
      }),
      /refused/,
    );
    assert.deepEqual(d.stats(), { late: 0, skipped: 0, failed: 1 });
    assert.equal(d.stalled, false);
    assert.equal(logged.length, 1, 'the failure is logged');
  });

  it('gives up past the deadline, then answers at once without sending until the late call is answered', async () => {
    const d = deadline(50);
    const late = pending<string>();
    const t0 = Date.now();
    await assert.rejects(d.run(late.send), RedisDeadlineError);
    assert.ok(Date.now() - t0 < 500);
    assert.equal(d.stalled, true);

    const next = pending<string>();
    await assert.rejects(d.run(next.send), RedisDeadlineError);
    assert.equal(next.sent(), 0, 'not sent behind a call Redis has not answered');
    const publish = pending<string>();
    await assert.rejects(d.run(publish.send, { sendWhileStalled: true }), RedisDeadlineError);
    assert.equal(publish.sent(), 1, 'sent, not waited for');

    late.answer('late');
    await new Promise((r) => setImmediate(r));
    assert.equal(d.stalled, false);
    assert.equal(await d.run(async () => 'again'), 'again');
    assert.deepEqual(d.stats(), { late: 1, skipped: 2, failed: 0 });
    assert.deepEqual(logged, [
      'warn: redis: Redis did not answer within 50 ms; limits let requests through until it answers',
      'info: redis: Redis answers again; 3 call(s) went on without it',
    ]);
  });
});
