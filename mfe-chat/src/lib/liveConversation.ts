// The live side of one open conversation over the page's one shared socket (spec points 4 and 9).
// Plain TypeScript so it can be tested with a fake socket: the React hook only wires it to state.
import { type JoinAck, type JoinOptions, type Message, SOCKET_EVENTS } from '@skynet/contract';

// biome-ignore lint/suspicious/noExplicitAny: socket.io types its listeners with any arguments
type Listener = (...args: any[]) => void;

/** The part of a socket.io client socket this uses (a fake one in tests). */
export interface ChatSocket {
  readonly connected: boolean;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
}

export interface LiveConversationOptions {
  /** The person this conversation is with. */
  partnerId: string;
  /**
   * Messages arrived: one new message ('newMessage'), or what a join caught up. `replace`: they are the
   * conversation's latest history, which replaces the shown list (see mergeMessages / replaceMessages).
   */
  onMessages(messages: Message[], replace: boolean): void;
  /**
   * Fetch the history again: on connecting without a conversation (the partner may have started one meanwhile), or
   * after a join a server without catch-up answered.
   */
  onResync(): void;
  /**
   * The id of the newest message of the last history fetched (it holds every earlier one), or null: where a first
   * join catches up from.
   */
  historyCursor?(): string | null;
  /** The conversation became known (created by the partner while this page was open). */
  onConversation?(conversationId: string): void;
}

/** How long a skipped message number may stay missing (it may just be on its way) before the join catches up. */
export const GAP_WAIT_MS = 1000;
/** A refused or failed join is tried again this many times, 1 s, 2 s, then 4 s later (the database may be back). */
export const JOIN_RETRIES = 3;

/** The newest message this side holds with every earlier one: its id (null: none) and its number. */
interface Cursor {
  id: string | null;
  seq: number;
}

/** A 'newMessage' payload as it must look, or null. */
function newMessageOf(payload: unknown): { message: Message; seq: number } | null {
  if (!payload || typeof payload !== 'object') return null;
  const { seq, ...message } = payload as Message & { seq?: unknown };
  if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 1) return null;
  if (typeof message._id !== 'string' || typeof message.conversationId !== 'string') return null;
  return { message, seq };
}

export class LiveConversation {
  private conversationId: string | null = null;
  private disposed = false;
  /** Known once a join with catch-up was answered; moved on by each next message in number order. */
  private cursor: Cursor | null = null;
  /** Messages received past a skipped number (or before the join's answer): number -> id. */
  private ahead = new Map<number, string>();
  private gapTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private joinFailures = 0;

  constructor(
    private readonly socket: ChatSocket,
    private readonly options: LiveConversationOptions,
  ) {
    socket.on('connect', this.handleConnect);
    socket.on(SOCKET_EVENTS.newMessage, this.handleNewMessage);
    socket.on(SOCKET_EVENTS.conversationStarted, this.handleStarted);
  }

  get currentConversation(): string | null {
    return this.conversationId;
  }

  /** Follows a conversation: leaves the previous room, joins this one (now, or as soon as connected). */
  setConversation(conversationId: string | null): void {
    if (this.disposed || !conversationId || conversationId === this.conversationId) return;
    this.leave();
    this.conversationId = conversationId;
    this.join();
  }

  /** Leaves the room and removes this conversation's listeners. The shared socket stays connected. */
  dispose(): void {
    if (this.disposed) return;
    this.leave();
    this.disposed = true;
    this.socket.off('connect', this.handleConnect);
    this.socket.off(SOCKET_EVENTS.newMessage, this.handleNewMessage);
    this.socket.off(SOCKET_EVENTS.conversationStarted, this.handleStarted);
  }

  /**
   * Joins the room and catches up from the cursor: the server answers exactly the messages stored after it (or the
   * latest history when there is no cursor yet), so nothing sent before the join or while disconnected is missing.
   */
  private join(): void {
    const conversationId = this.conversationId;
    // Not connected: socket.io would buffer the emit, but 'connect' joins anyway, so wait for it.
    if (!conversationId || !this.socket.connected) return;
    this.clearGapTimer();
    this.clearRetryTimer();
    const after = this.cursor ? this.cursor.id : (this.options.historyCursor?.() ?? null);
    const options: JoinOptions = after ? { after } : {};
    this.socket.emit(SOCKET_EVENTS.join, conversationId, options, (ack: JoinAck | undefined) => {
      if (this.disposed || this.conversationId !== conversationId) return;
      if (ack && ack.ok === false) {
        console.warn(`[mfe-chat] could not join the conversation: ${ack.error ?? 'unknown error'}`);
        if (this.joinFailures < JOIN_RETRIES && !this.retryTimer) {
          const wait = GAP_WAIT_MS * 2 ** this.joinFailures;
          this.joinFailures += 1;
          this.retryTimer = setTimeout(() => {
            this.retryTimer = null;
            if (!this.disposed) this.join();
          }, wait);
        }
        return;
      }
      this.joinFailures = 0;
      const catchUp = ack?.catchUp;
      // A server without catch-up: fetch once so nothing sent before is missing.
      if (!catchUp || !Array.isArray(catchUp.messages) || typeof catchUp.top !== 'number') {
        this.options.onResync();
        return;
      }
      this.options.onMessages(catchUp.messages, catchUp.replace === true);
      // An answer overtaken by a later one never moves the cursor back.
      if (!this.cursor || catchUp.top > this.cursor.seq) {
        const last = catchUp.messages.at(-1);
        this.cursor = { id: last ? last._id : catchUp.replace ? null : after, seq: catchUp.top };
      }
      this.advance();
    });
  }

  private leave(): void {
    if (this.conversationId && this.socket.connected)
      this.socket.emit(SOCKET_EVENTS.leave, this.conversationId);
    this.conversationId = null;
    this.cursor = null;
    this.ahead.clear();
    this.clearGapTimer();
    this.clearRetryTimer();
    this.joinFailures = 0;
  }

  /** Moves the cursor over messages already received in number order; a number still skipped waits, then catches up. */
  private advance(): void {
    const cursor = this.cursor;
    if (!cursor) return;
    for (const seq of this.ahead.keys()) if (seq <= cursor.seq) this.ahead.delete(seq);
    for (let id = this.ahead.get(cursor.seq + 1); id !== undefined; id = this.ahead.get(cursor.seq + 1)) {
      this.ahead.delete(cursor.seq + 1);
      cursor.id = id;
      cursor.seq += 1;
    }
    if (this.ahead.size === 0) this.clearGapTimer();
    else if (!this.gapTimer)
      this.gapTimer = setTimeout(() => {
        this.gapTimer = null;
        if (!this.disposed && this.ahead.size > 0) this.join();
      }, GAP_WAIT_MS);
  }

  private clearGapTimer(): void {
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.gapTimer = null;
  }

  private clearRetryTimer(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /**
   * A (re)connection: the server forgot our rooms, so join again, catching up from the cursor. With no
   * conversation yet, refetch at once: one the partner started while we were not connected has no other way in.
   */
  private readonly handleConnect = () => {
    if (this.disposed) return;
    this.joinFailures = 0;
    if (this.conversationId) this.join();
    else this.options.onResync();
  };

  private readonly handleNewMessage = (payload: unknown) => {
    if (this.disposed || !this.conversationId) return;
    const received = newMessageOf(payload);
    if (!received || received.message.conversationId !== this.conversationId) return;
    this.options.onMessages([received.message], false);
    if (!this.cursor || received.seq > this.cursor.seq) this.ahead.set(received.seq, received.message._id);
    this.advance();
  };

  private readonly handleStarted = (event: { conversationId?: unknown; userId?: unknown } | undefined) => {
    if (this.disposed || !event || event.userId !== this.options.partnerId) return;
    if (typeof event.conversationId !== 'string' || event.conversationId === this.conversationId) return;
    this.options.onConversation?.(event.conversationId);
    this.setConversation(event.conversationId);
  };
}
