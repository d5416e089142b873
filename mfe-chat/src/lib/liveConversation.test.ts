import { type Message, SOCKET_EVENTS } from '@skynet/contract';
import { message } from '../testing/builders';
import { FakeSocket } from '../testing/fakeSocket';
import { GAP_WAIT_MS, JOIN_RETRIES, LiveConversation } from './liveConversation';

const JOIN = SOCKET_EVENTS.join;
const LEAVE = SOCKET_EVENTS.leave;
const NEW = SOCKET_EVENTS.newMessage;

function setup(connected = true, historyCursor: string | null = null) {
  const socket = new FakeSocket();
  socket.connected = connected;
  const onMessages = jest.fn();
  const onResync = jest.fn();
  const onConversation = jest.fn();
  const live = new LiveConversation(socket, {
    partnerId: 'partner',
    onMessages,
    onResync,
    onConversation,
    historyCursor: () => historyCursor,
  });
  return { socket, live, onMessages, onResync, onConversation };
}

/** The room's 'newMessage' payload: the message and its number. */
const delta = (m: Message, seq: number) => ({ ...m, seq });
const at = (minute: number, overrides: Partial<Message> = {}) =>
  message(`2025-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`, overrides);

describe('LiveConversation', () => {
  it('joins the room, catching up from the newest message of the history; a server without catch-up: refetch', () => {
    const { socket, live, onResync } = setup(true, 'm-last');
    live.setConversation('c1');
    expect(socket.sent(JOIN)).toEqual([['c1', { after: 'm-last' }]]);
    expect(onResync).not.toHaveBeenCalled();
    socket.ack(JOIN, { ok: true });
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('hands on what the join caught up, without refetching', () => {
    const { socket, live, onResync, onMessages } = setup(true, 'm-last');
    live.setConversation('c1');
    const missed = [at(1), at(2)];
    socket.ack(JOIN, { ok: true, catchUp: { messages: missed, top: 7, replace: false } });
    expect(onMessages).toHaveBeenCalledWith(missed, false);
    expect(onResync).not.toHaveBeenCalled();
  });

  it('with no history yet, joins without a cursor and takes the latest history to replace the list', () => {
    const { socket, live, onMessages } = setup();
    live.setConversation('c1');
    expect(socket.sent(JOIN)).toEqual([['c1', {}]]);
    const latest = [at(1)];
    socket.ack(JOIN, { ok: true, catchUp: { messages: latest, top: 1, replace: true } });
    expect(onMessages).toHaveBeenCalledWith(latest, true);
  });

  it('does not join twice for the same conversation, nor for none', () => {
    const { socket, live } = setup();
    live.setConversation(null);
    live.setConversation('c1');
    live.setConversation('c1');
    expect(socket.sent(JOIN)).toEqual([['c1', {}]]);
  });

  it('does not refetch when the join is refused', () => {
    const { socket, live, onResync } = setup();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    live.setConversation('c1');
    socket.ack(JOIN, { ok: false, error: 'You are not part of that conversation.' });
    expect(onResync).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("waits for the connection before joining, then joins on 'connect'", () => {
    const { socket, live } = setup(false);
    live.setConversation('c1');
    expect(socket.sent(JOIN)).toEqual([]);
    socket.reconnect();
    expect(socket.sent(JOIN)).toEqual([['c1', {}]]);
  });

  it('joins again after a reconnection, catching up from the last message it got, so nothing sent meanwhile is missing', () => {
    const { socket, live, onMessages } = setup(true, 'm0');
    live.setConversation('c1');
    socket.ack(JOIN, { ok: true, catchUp: { messages: [], top: 3, replace: false } });
    const fourth = at(4);
    socket.serverEmit(NEW, delta(fourth, 4));
    expect(onMessages).toHaveBeenLastCalledWith([fourth], false);
    socket.connected = false;
    socket.reconnect();
    expect(socket.sent(JOIN)).toEqual([
      ['c1', { after: 'm0' }],
      ['c1', { after: fourth._id }],
    ]);
    const missed = [at(5), at(6)];
    socket.ack(JOIN, { ok: true, catchUp: { messages: missed, top: 6, replace: false } });
    expect(onMessages).toHaveBeenLastCalledWith(missed, false);
    // And the next reconnection starts after those.
    socket.reconnect();
    expect(socket.sent(JOIN).at(-1)).toEqual(['c1', { after: missed[1]!._id }]);
  });

  it('an old server (no catch-up in the answer): refetches after every join, as before', () => {
    const { socket, live, onResync } = setup();
    live.setConversation('c1');
    socket.ack(JOIN);
    socket.connected = false;
    socket.reconnect();
    expect(socket.sent(JOIN)).toHaveLength(2);
    socket.ack(JOIN);
    expect(onResync).toHaveBeenCalledTimes(2);
  });

  it('refetches on connecting with no conversation yet (one may have been started while offline)', () => {
    const { socket, onResync } = setup(false);
    socket.reconnect();
    expect(socket.sent(JOIN)).toEqual([]);
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it("hands on 'newMessage' for this conversation only, without its number, and ignores malformed ones", () => {
    const { socket, live, onMessages } = setup();
    live.setConversation('c1');
    const mine = at(0, { conversationId: 'c1' });
    const other = at(0, { conversationId: 'c2' });
    socket.serverEmit(NEW, delta(other, 1));
    socket.serverEmit(NEW, []);
    socket.serverEmit(NEW, { ...mine, seq: 'one' });
    socket.serverEmit(NEW, { ...mine, _id: 5, seq: 1 });
    socket.serverEmit(NEW, undefined);
    socket.serverEmit(NEW, delta(mine, 1));
    expect(onMessages).toHaveBeenCalledTimes(1);
    expect(onMessages).toHaveBeenCalledWith([mine], false);
  });

  it("ignores 'newMessage' before a conversation is known", () => {
    const { socket, onMessages } = setup();
    socket.serverEmit(NEW, delta(at(0), 1));
    expect(onMessages).not.toHaveBeenCalled();
  });

  it('tries a failed join again, 1, 2 and 4 s later, then gives up until the next connection', () => {
    jest.useFakeTimers();
    try {
      const { socket, live, onMessages } = setup(true, 'm0');
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
      live.setConversation('c1');
      for (let i = 0; i < JOIN_RETRIES; i++) {
        socket.ack(JOIN, { ok: false, error: 'Could not join the conversation.' });
        jest.advanceTimersByTime(GAP_WAIT_MS * 2 ** i - 1);
        expect(socket.sent(JOIN)).toHaveLength(i + 1);
        jest.advanceTimersByTime(1);
        expect(socket.sent(JOIN)).toHaveLength(i + 2);
      }
      socket.ack(JOIN, { ok: false, error: 'Could not join the conversation.' });
      jest.advanceTimersByTime(60_000);
      expect(socket.sent(JOIN)).toHaveLength(JOIN_RETRIES + 1);
      // A new connection joins again, and a join that works catches up from the same cursor.
      socket.reconnect();
      expect(socket.sent(JOIN).at(-1)).toEqual(['c1', { after: 'm0' }]);
      const missed = [at(1)];
      socket.ack(JOIN, { ok: true, catchUp: { messages: missed, top: 1, replace: false } });
      expect(onMessages).toHaveBeenCalledWith(missed, false);
      warn.mockRestore();
    } finally {
      jest.useRealTimers();
    }
  });

  describe('a skipped message number', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('catches up from the last unbroken message when a number stays missing', () => {
      const { socket, live } = setup(true, 'm0');
      live.setConversation('c1');
      socket.ack(JOIN, { ok: true, catchUp: { messages: [], top: 2, replace: false } });
      const third = at(3);
      socket.serverEmit(NEW, delta(third, 3));
      socket.serverEmit(NEW, delta(at(5), 5)); // 4 skipped
      jest.advanceTimersByTime(GAP_WAIT_MS - 1);
      expect(socket.sent(JOIN)).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(socket.sent(JOIN)).toEqual([
        ['c1', { after: 'm0' }],
        ['c1', { after: third._id }],
      ]);
      socket.ack(JOIN, { ok: true, catchUp: { messages: [at(4), at(5)], top: 5, replace: false } });
      jest.advanceTimersByTime(5 * GAP_WAIT_MS);
      expect(socket.sent(JOIN)).toHaveLength(2);
    });

    it('waits without a new join when the missing one arrives late (messages from two servers may cross)', () => {
      const { socket, live } = setup(true, 'm0');
      live.setConversation('c1');
      socket.ack(JOIN, { ok: true, catchUp: { messages: [], top: 2, replace: false } });
      const fourth = at(4);
      socket.serverEmit(NEW, delta(fourth, 4));
      socket.serverEmit(NEW, delta(at(3), 3));
      jest.advanceTimersByTime(5 * GAP_WAIT_MS);
      expect(socket.sent(JOIN)).toHaveLength(1);
      socket.reconnect();
      expect(socket.sent(JOIN).at(-1)).toEqual(['c1', { after: fourth._id }]);
    });

    it('messages that came live before the join was answered count once the answer says where it ends', () => {
      const { socket, live } = setup(true, 'm0');
      live.setConversation('c1');
      const sixth = at(6);
      socket.serverEmit(NEW, delta(at(5), 5));
      socket.serverEmit(NEW, delta(sixth, 6));
      socket.ack(JOIN, { ok: true, catchUp: { messages: [at(4), at(5)], top: 5, replace: false } });
      jest.advanceTimersByTime(5 * GAP_WAIT_MS);
      expect(socket.sent(JOIN)).toHaveLength(1);
      socket.reconnect();
      expect(socket.sent(JOIN).at(-1)).toEqual(['c1', { after: sixth._id }]);
    });

    it('an answer overtaken by a later one does not move the cursor back', () => {
      const { socket, live } = setup(true, 'm0');
      live.setConversation('c1');
      socket.reconnect(); // a second join before the first is answered
      const [newest] = [at(9)];
      socket.ack(JOIN, { ok: true, catchUp: { messages: [newest], top: 9, replace: false } });
      const first = socket.emitted.filter((e) => e.event === JOIN)[0]!;
      (first.args[2] as (ack: unknown) => void)({
        ok: true,
        catchUp: { messages: [at(1)], top: 1, replace: false },
      });
      socket.reconnect();
      expect(socket.sent(JOIN).at(-1)).toEqual(['c1', { after: newest._id }]);
    });
  });

  it('joins a conversation the partner just started, and takes its history', () => {
    const { socket, onConversation, onMessages } = setup();
    socket.serverEmit(SOCKET_EVENTS.conversationStarted, { conversationId: 'c9', userId: 'someone-else' });
    expect(socket.sent(JOIN)).toEqual([]);
    socket.serverEmit(SOCKET_EVENTS.conversationStarted, { conversationId: 'c9', userId: 'partner' });
    expect(onConversation).toHaveBeenCalledWith('c9');
    expect(socket.sent(JOIN)).toEqual([['c9', {}]]);
    const started = [at(0, { conversationId: 'c9' })];
    socket.ack(JOIN, { ok: true, catchUp: { messages: started, top: 1, replace: true } });
    expect(onMessages).toHaveBeenCalledWith(started, true);
  });

  it('ignores conversationStarted for the conversation it is already in (the sender gets it too)', () => {
    const { socket, live, onConversation } = setup();
    live.setConversation('c1');
    socket.serverEmit(SOCKET_EVENTS.conversationStarted, { conversationId: 'c1', userId: 'partner' });
    expect(onConversation).not.toHaveBeenCalled();
    expect(socket.sent(JOIN)).toEqual([['c1', {}]]);
  });

  it('leaves the room and removes every listener when disposed, without disconnecting', () => {
    const { socket, live, onMessages, onResync } = setup();
    const before = socket.listenerCount();
    expect(before).toBe(3);
    live.setConversation('c1');
    live.dispose();
    expect(socket.sent(LEAVE)).toEqual([['c1']]);
    expect(socket.listenerCount()).toBe(0);
    expect(socket.disconnectCalls).toBe(0);
    // Late events and a late join answer do nothing.
    socket.ack(JOIN);
    socket.serverEmit(NEW, delta(at(0), 1));
    expect(onResync).not.toHaveBeenCalled();
    expect(onMessages).not.toHaveBeenCalled();
    live.dispose();
    expect(socket.sent(LEAVE)).toHaveLength(1);
  });

  it('leaves the previous room when following another conversation', () => {
    const { socket, live } = setup();
    live.setConversation('c1');
    live.setConversation('c2');
    expect(socket.sent(LEAVE)).toEqual([['c1']]);
    expect(socket.sent(JOIN)).toEqual([
      ['c1', {}],
      ['c2', {}],
    ]);
  });

  it('does not emit leave while disconnected (the server dropped the rooms already)', () => {
    const { socket, live } = setup();
    live.setConversation('c1');
    socket.connected = false;
    live.dispose();
    expect(socket.sent(LEAVE)).toEqual([]);
  });
});
