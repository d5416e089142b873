// The chat's send goes through the shared HTTP client with an Idempotency-Key: one per message, the same when the
// person sends the kept text again after a failure (the answer may have been lost after the message was stored).
import { chatApi } from '@skynet/kit';
import { httpClient } from '@skynet/shared';
import { act, renderHook } from '@testing-library/react';
import { useComposer } from './useComposer';

const notifyError = jest.fn();
jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  notify: { error: (...args: unknown[]) => notifyError(...args) },
}));

const KEY = /^[A-Za-z0-9_-]{1,64}$/;

let http: Awaited<ReturnType<typeof httpClient>>;
/** Each POST /user/chat as the server got it. */
let posted: { key: unknown; content: string }[] = [];
/** Whether the next send fails with a network error (no answer). */
let failNext = false;

beforeAll(async () => {
  http = await httpClient();
});

beforeEach(() => {
  posted = [];
  failNext = false;
  notifyError.mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  http.defaults.adapter = async (config) => {
    const body = JSON.parse(String(config.data)) as { content: string; receiverId: string };
    posted.push({ key: config.headers.get('Idempotency-Key'), content: body.content });
    if (failNext) {
      failNext = false;
      throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK', config });
    }
    const message = {
      _id: `m${posted.length}`,
      content: body.content,
      senderId: 'me',
      createdAt: '2025-11-24T10:00:00.000Z',
      conversationId: 'c1',
    };
    return {
      data: { success: true, value: { message, conversationId: 'c1' } },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    };
  };
});

describe('sending a chat message exactly once', () => {
  it('sends an Idempotency-Key header, a new one for each message', async () => {
    await chatApi.send('partner', 'one');
    await chatApi.send('partner', 'two');
    await chatApi.send('partner', 'two'); // sent again after it succeeded: another message
    expect(posted.map((p) => p.content)).toEqual(['one', 'two', 'two']);
    for (const p of posted) expect(p.key).toMatch(KEY);
    expect(new Set(posted.map((p) => p.key)).size).toBe(3);
  });

  it('the retry of a failed send (the kept text sent again) carries the same key', async () => {
    const send = async (content: string) => {
      await chatApi.send('partner', content);
    };
    const { result } = renderHook(() => useComposer(send));
    act(() => result.current.setText('are you there?'));
    failNext = true;
    await act(async () => {
      expect(await result.current.submit()).toBe(false);
    });
    expect(result.current.text).toBe('are you there?');
    await act(async () => {
      expect(await result.current.submit()).toBe(true);
    });
    expect(posted).toHaveLength(2);
    expect(posted[0]?.key).toMatch(KEY);
    expect(posted[1]?.key).toBe(posted[0]?.key);

    // The next message is a new one.
    act(() => result.current.setText('hello?'));
    await act(async () => {
      await result.current.submit();
    });
    expect(posted[2]?.key).toMatch(KEY);
    expect(posted[2]?.key).not.toBe(posted[0]?.key);
  });
});
