import { SOCKET_EVENTS } from '@skynet/contract';
import { message, utcDays } from '../testing/builders';
import { FakeSocket } from '../testing/fakeSocket';
import { LiveConversation } from './liveConversation';

const JOIN = SOCKET_EVENTS.join;
const LEAVE = SOCKET_EVENTS.leave;

function setup(connected = true) {
  const socket = new FakeSocket();
  socket.connected = connected;
  const onMessages = jest.fn();
  const onResync = jest.fn();
  const onConversation = jest.fn();
  const live = new LiveConversation(socket, { partnerId: 'partner', onMessages, onResync, onConversation });
  return { socket, live, onMessages, onResync, onConversation };
}

describe('LiveConversation', () => {
  it('joins the room of the conversation and refetches once the join is answered', () => {
    const { socket, live, onResync } = setup();
    live.setConversation('c1');
    expect(socket.sent(JOIN)).toEqual([['c1']]);
    expect(onResync).not.toHaveBeenCalled();
    socket.ack(JOIN, { ok: true });
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('does not join twice for the same conversation, nor for none', () => {
    const { socket, live } = setup();
    live.setConversation(null);
    live.setConversation('c1');
    live.setConversation('c1');
    expect(socket.sent(JOIN)).toEqual([['c1']]);
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
    expect(socket.sent(JOIN)).toEqual([['c1']]);
  });

  it('joins again and refetches after a reconnection, so nothing sent meanwhile is missing', () => {
    const { socket, live, onResync } = setup();
    live.setConversation('c1');
    socket.ack(JOIN);
    socket.connected = false;
    socket.reconnect();
    expect(socket.sent(JOIN)).toEqual([['c1'], ['c1']]);
    socket.ack(JOIN);
    expect(onResync).toHaveBeenCalledTimes(2);
  });

  it('refetches on connecting with no conversation yet (one may have been started while offline)', () => {
    const { socket, onResync } = setup(false);
    socket.reconnect();
    expect(socket.sent(JOIN)).toEqual([]);
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it("hands on 'displayMessage' for this conversation only", () => {
    const { socket, live, onMessages } = setup();
    live.setConversation('c1');
    const mine = utcDays([message('2025-11-24T10:00:00.000Z', { conversationId: 'c1' })]);
    const other = utcDays([message('2025-11-24T10:00:00.000Z', { conversationId: 'c2' })]);
    socket.serverEmit(SOCKET_EVENTS.message, other);
    socket.serverEmit(SOCKET_EVENTS.message, []);
    socket.serverEmit(SOCKET_EVENTS.message, mine);
    expect(onMessages).toHaveBeenCalledTimes(1);
    expect(onMessages).toHaveBeenCalledWith(mine);
  });

  it("ignores 'displayMessage' before a conversation is known", () => {
    const { socket, onMessages } = setup();
    socket.serverEmit(SOCKET_EVENTS.message, utcDays([message('2025-11-24T10:00:00.000Z')]));
    expect(onMessages).not.toHaveBeenCalled();
  });

  it('joins a conversation the partner just started, and refetches', () => {
    const { socket, onConversation, onResync } = setup();
    socket.serverEmit(SOCKET_EVENTS.conversationStarted, { conversationId: 'c9', userId: 'someone-else' });
    expect(socket.sent(JOIN)).toEqual([]);
    socket.serverEmit(SOCKET_EVENTS.conversationStarted, { conversationId: 'c9', userId: 'partner' });
    expect(onConversation).toHaveBeenCalledWith('c9');
    expect(socket.sent(JOIN)).toEqual([['c9']]);
    socket.ack(JOIN);
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('ignores conversationStarted for the conversation it is already in (the sender gets it too)', () => {
    const { socket, live, onConversation } = setup();
    live.setConversation('c1');
    socket.serverEmit(SOCKET_EVENTS.conversationStarted, { conversationId: 'c1', userId: 'partner' });
    expect(onConversation).not.toHaveBeenCalled();
    expect(socket.sent(JOIN)).toEqual([['c1']]);
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
    socket.serverEmit(SOCKET_EVENTS.message, utcDays([message('2025-11-24T10:00:00.000Z')]));
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
    expect(socket.sent(JOIN)).toEqual([['c1'], ['c2']]);
  });

  it('does not emit leave while disconnected (the server dropped the rooms already)', () => {
    const { socket, live } = setup();
    live.setConversation('c1');
    socket.connected = false;
    live.dispose();
    expect(socket.sent(LEAVE)).toEqual([]);
  });
});
