import { EventEmitter } from 'node:events';
import { notificationsApi } from '@skynet/kit';
import { getSocket } from '@skynet/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useUnreadCounts } from './unread';

jest.mock('@skynet/shared', () => ({ ...jest.requireActual('@skynet/shared'), getSocket: jest.fn() }));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  notificationsApi: { unread: jest.fn() },
}));

/** A socket.io client's surface as the hook uses it: events, and whether it is connected. */
class FakeSocket extends EventEmitter {
  connected = false;
  override off(event: string, listener: (...args: unknown[]) => void) {
    return this.removeListener(event, listener);
  }
  connect() {
    this.connected = true;
    this.emit('connect');
  }
  drop() {
    this.connected = false;
    this.emit('disconnect');
  }
}

const unread = jest.mocked(notificationsApi.unread);
const answer = (notifications: number, messages: number) =>
  unread.mockResolvedValue({ value: { notifications, messages } } as Awaited<ReturnType<typeof unread>>);

beforeEach(() => {
  unread.mockReset();
  jest.mocked(getSocket).mockReset();
  answer(2, 1);
});

test('a page load asks for the counts once, when the socket connects, and a reconnect asks again', async () => {
  const socket = new FakeSocket();
  jest.mocked(getSocket).mockResolvedValue(socket as never);
  const { result } = renderHook(() => useUnreadCounts('u1'));
  await act(async () => {});
  expect(unread).not.toHaveBeenCalled();

  act(() => socket.connect());
  await waitFor(() => expect(result.current).toEqual({ notifications: 2, messages: 1 }));
  expect(unread).toHaveBeenCalledTimes(1);

  answer(0, 4);
  act(() => {
    socket.drop();
    socket.connect();
  });
  await waitFor(() => expect(result.current).toEqual({ notifications: 0, messages: 4 }));
  expect(unread).toHaveBeenCalledTimes(2);
});

test('a socket connected already (another area opened it) is asked about at once; pushes replace the counts', async () => {
  const socket = new FakeSocket();
  socket.connected = true;
  jest.mocked(getSocket).mockResolvedValue(socket as never);
  const { result } = renderHook(() => useUnreadCounts('u1'));
  await waitFor(() => expect(result.current).toEqual({ notifications: 2, messages: 1 }));
  act(() => {
    socket.emit('unreadCounts', { notifications: 7, messages: 0 });
  });
  expect(result.current).toEqual({ notifications: 7, messages: 0 });
  expect(unread).toHaveBeenCalledTimes(1);
});

test('without a socket the counts are still asked once: the script fails to load, or the first connect fails', async () => {
  jest.mocked(getSocket).mockRejectedValue(new Error('ChunkLoadError'));
  const first = renderHook(() => useUnreadCounts('u1'));
  await waitFor(() => expect(first.result.current).toEqual({ notifications: 2, messages: 1 }));
  expect(unread).toHaveBeenCalledTimes(1);
  first.unmount();

  unread.mockClear();
  const socket = new FakeSocket();
  jest.mocked(getSocket).mockResolvedValue(socket as never);
  const second = renderHook(() => useUnreadCounts('u1'));
  await act(async () => {});
  act(() => {
    socket.emit('connect_error', new Error('xhr poll error'));
    socket.emit('connect_error', new Error('xhr poll error'));
  });
  await waitFor(() => expect(second.result.current).toEqual({ notifications: 2, messages: 1 }));
  expect(unread).toHaveBeenCalledTimes(1);
});

test('signed out: nothing is asked and the counts are 0', async () => {
  const { result } = renderHook(() => useUnreadCounts(null));
  await act(async () => {});
  expect(result.current).toEqual({ notifications: 0, messages: 0 });
  expect(unread).not.toHaveBeenCalled();
  expect(getSocket).not.toHaveBeenCalled();
});
