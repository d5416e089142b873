import { SOCKET_EVENTS } from '@skynet/contract';
import { act, configure, renderHook, waitFor } from '@testing-library/react';
import { message, utcDays } from '../testing/builders';
import { FakeSocket } from '../testing/fakeSocket';
import { useConversation } from './useConversation';

// Generous waits: a loaded machine can take more than the default second to load the page's modules.
configure({ asyncUtilTimeout: 5000 });

const history = jest.fn();
const send = jest.fn();
let socket: FakeSocket;

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  getSocket: () => Promise.resolve(socket),
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  chatApi: {
    history: (...args: unknown[]) => history(...args),
    send: (...args: unknown[]) => send(...args),
  },
}));

const JOIN = SOCKET_EVENTS.join;

beforeEach(() => {
  socket = new FakeSocket();
  history.mockReset();
  send.mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

const first = message('2025-11-24T10:00:00.000Z', { conversationId: 'c1', senderId: 'partner' });
const second = message('2025-11-24T10:01:00.000Z', { conversationId: 'c1', senderId: 'me' });

describe('useConversation', () => {
  it('fetches the history, joins the room catching up from its newest message, and shows what was missed', async () => {
    history.mockResolvedValue({ days: utcDays([first]), conversationId: 'c1' });
    const { result } = renderHook(() => useConversation('partner'));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.messages).toEqual([first]);
    expect(history).toHaveBeenCalledWith('partner');
    await waitFor(() => expect(socket.sent(JOIN)).toEqual([['c1', { after: first._id }]]));
    await act(async () =>
      socket.ack(JOIN, { ok: true, catchUp: { messages: [second], top: 2, replace: false } }),
    );
    expect(result.current.messages).toEqual([first, second]);
    expect(history).toHaveBeenCalledTimes(1);
  });

  it('an older server (no catch-up): refetches once joined', async () => {
    history.mockResolvedValue({ days: utcDays([first]), conversationId: 'c1' });
    const { result } = renderHook(() => useConversation('partner'));
    await waitFor(() => expect(socket.sent(JOIN)).toHaveLength(1));
    history.mockResolvedValue({ days: utcDays([first, second]), conversationId: 'c1' });
    await act(async () => socket.ack(JOIN));
    await waitFor(() => expect(result.current.messages).toEqual([first, second]));
  });

  it("merges each 'newMessage' into the list, once, in order, whichever way it came first", async () => {
    history.mockResolvedValue({ days: utcDays([first]), conversationId: 'c1' });
    const { result } = renderHook(() => useConversation('partner'));
    await waitFor(() => expect(socket.sent(JOIN)).toHaveLength(1));
    await act(async () => socket.ack(JOIN, { ok: true, catchUp: { messages: [], top: 1, replace: false } }));
    // The same message from the send's answer and from the room: shown once.
    send.mockResolvedValue({ message: second, conversationId: 'c1' });
    await act(async () => result.current.send('hi'));
    act(() => socket.serverEmit(SOCKET_EVENTS.newMessage, { ...second, seq: 2 }));
    expect(result.current.messages).toEqual([first, second]);
    // A later message, then an earlier one arriving late: ordered by time.
    const third = message('2025-11-24T10:03:00.000Z', { conversationId: 'c1', senderId: 'partner' });
    const between = message('2025-11-24T10:02:00.000Z', { conversationId: 'c1', senderId: 'partner' });
    act(() => socket.serverEmit(SOCKET_EVENTS.newMessage, { ...third, seq: 4 }));
    act(() => socket.serverEmit(SOCKET_EVENTS.newMessage, { ...between, seq: 3 }));
    expect(result.current.messages).toEqual([first, second, between, third]);
    // And again from a catch-up: still once each.
    socket.connected = false;
    act(() => socket.reconnect());
    expect(socket.sent(JOIN).at(-1)).toEqual(['c1', { after: third._id }]);
    await act(async () =>
      socket.ack(JOIN, { ok: true, catchUp: { messages: [between, third], top: 4, replace: false } }),
    );
    expect(result.current.messages).toEqual([first, second, between, third]);
  });

  it('a join that starts over replaces the list with the server’s, keeping what is newer', async () => {
    const old = message('2025-11-20T10:00:00.000Z', { conversationId: 'c1' });
    history.mockResolvedValue({ days: utcDays([old, first]), conversationId: 'c1' });
    const { result } = renderHook(() => useConversation('partner'));
    await waitFor(() => expect(socket.sent(JOIN)).toHaveLength(1));
    const newer = message('2025-11-24T10:05:00.000Z', { conversationId: 'c1' });
    act(() => socket.serverEmit(SOCKET_EVENTS.newMessage, { ...newer, seq: 700 }));
    await act(async () =>
      socket.ack(JOIN, { ok: true, catchUp: { messages: [first, second], top: 699, replace: true } }),
    );
    expect(result.current.messages).toEqual([first, second, newer]);
  });

  it('joins the new room after the first message of a new conversation', async () => {
    history.mockResolvedValue({ days: [], conversationId: null });
    const { result } = renderHook(() => useConversation('partner'));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.messages).toEqual([]);
    expect(socket.sent(JOIN)).toEqual([]);
    const sent = message('2025-11-24T10:05:00.000Z', { conversationId: 'c7' });
    send.mockResolvedValue({ message: sent, conversationId: 'c7' });
    await act(async () => result.current.send('hi'));
    expect(send).toHaveBeenCalledWith('partner', 'hi');
    expect(result.current.messages).toEqual([sent]);
    expect(result.current.conversationId).toBe('c7');
    expect(socket.sent(JOIN)).toEqual([['c7', {}]]);
  });

  it('goes live when the partner starts the conversation while it is open', async () => {
    history.mockResolvedValue({ days: [], conversationId: null });
    const { result } = renderHook(() => useConversation('partner'));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await waitFor(() => expect(socket.listenerCount()).toBe(3));
    history.mockResolvedValue({ days: utcDays([first]), conversationId: 'c1' });
    act(() =>
      socket.serverEmit(SOCKET_EVENTS.conversationStarted, { conversationId: 'c1', userId: 'partner' }),
    );
    expect(socket.sent(JOIN)).toEqual([['c1', {}]]);
    await act(async () =>
      socket.ack(JOIN, { ok: true, catchUp: { messages: [first], top: 1, replace: true } }),
    );
    await waitFor(() => expect(result.current.messages).toEqual([first]));
  });

  it('rejects a failed send and keeps the list', async () => {
    history.mockResolvedValue({ days: utcDays([first]), conversationId: 'c1' });
    const { result } = renderHook(() => useConversation('partner'));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    send.mockRejectedValue(new Error('offline'));
    await expect(act(async () => result.current.send('hi'))).rejects.toThrow('offline');
    expect(result.current.messages).toEqual([first]);
  });

  it('shows an error when the history cannot be loaded, and retries', async () => {
    history.mockRejectedValue(new Error('down'));
    const { result } = renderHook(() => useConversation('partner'));
    await waitFor(() => expect(result.current.status).toBe('error'));
    history.mockResolvedValue({ days: utcDays([first]), conversationId: 'c1' });
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.messages).toEqual([first]);
  });

  it('leaves the room and removes its listeners on unmount, keeping the socket', async () => {
    history.mockResolvedValue({ days: utcDays([first]), conversationId: 'c1' });
    const { unmount } = renderHook(() => useConversation('partner'));
    await waitFor(() => expect(socket.sent(JOIN)).toHaveLength(1));
    unmount();
    expect(socket.sent(SOCKET_EVENTS.leave)).toEqual([['c1']]);
    expect(socket.listenerCount()).toBe(0);
    expect(socket.disconnectCalls).toBe(0);
  });

  it('joins again after a reconnection and shows exactly what was missed, without refetching', async () => {
    history.mockResolvedValue({ days: utcDays([first]), conversationId: 'c1' });
    const { result } = renderHook(() => useConversation('partner'));
    await waitFor(() => expect(socket.sent(JOIN)).toHaveLength(1));
    await act(async () => socket.ack(JOIN, { ok: true, catchUp: { messages: [], top: 1, replace: false } }));
    socket.connected = false;
    act(() => socket.reconnect());
    expect(socket.sent(JOIN)).toEqual([
      ['c1', { after: first._id }],
      ['c1', { after: first._id }],
    ]);
    await act(async () =>
      socket.ack(JOIN, { ok: true, catchUp: { messages: [second], top: 2, replace: false } }),
    );
    expect(result.current.messages).toEqual([first, second]);
    expect(history).toHaveBeenCalledTimes(1);
  });
});
