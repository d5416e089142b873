// The live side of one open conversation over the page's one shared socket (spec points 4 and 9).
// Plain TypeScript so it can be tested with a fake socket: the React hook only wires it to state.
import { type MessageDay, SOCKET_EVENTS } from '@skynet/contract';

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
  /** The conversation's full day groups arrived ('displayMessage' replaces the shown list). */
  onMessages(days: MessageDay[]): void;
  /** A room was (re)joined: anything sent before is not coming live, so fetch the history again. */
  onResync(): void;
  /** The conversation became known (created by the partner while this page was open). */
  onConversation?(conversationId: string): void;
}

type JoinAck = { ok: boolean; error?: string } | undefined;

const conversationOf = (days: unknown): string | null => {
  if (!Array.isArray(days)) return null;
  for (const day of days as MessageDay[]) {
    const first = Array.isArray(day?.messages) ? day.messages[0] : undefined;
    if (first?.conversationId) return first.conversationId;
  }
  return null;
};

export class LiveConversation {
  private conversationId: string | null = null;
  private disposed = false;

  constructor(
    private readonly socket: ChatSocket,
    private readonly options: LiveConversationOptions,
  ) {
    socket.on('connect', this.handleConnect);
    socket.on(SOCKET_EVENTS.message, this.handleMessages);
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
    this.socket.off(SOCKET_EVENTS.message, this.handleMessages);
    this.socket.off(SOCKET_EVENTS.conversationStarted, this.handleStarted);
  }

  private join(): void {
    const conversationId = this.conversationId;
    // Not connected: socket.io would buffer the emit, but 'connect' joins anyway, so wait for it.
    if (!conversationId || !this.socket.connected) return;
    this.socket.emit(SOCKET_EVENTS.join, conversationId, (ack: JoinAck) => {
      if (this.disposed || this.conversationId !== conversationId) return;
      if (ack && ack.ok === false) {
        console.warn(`[mfe-chat] could not join the conversation: ${ack.error ?? 'unknown error'}`);
        return;
      }
      // Joined: from now on every message arrives live; fetch once so nothing sent before is missing.
      this.options.onResync();
    });
  }

  private leave(): void {
    if (this.conversationId && this.socket.connected)
      this.socket.emit(SOCKET_EVENTS.leave, this.conversationId);
    this.conversationId = null;
  }

  /**
   * A (re)connection: the server forgot our rooms, so join again (the join's answer triggers a refetch). With no
   * conversation yet, refetch at once: one the partner started while we were not connected has no other way in.
   */
  private readonly handleConnect = () => {
    if (this.disposed) return;
    if (this.conversationId) this.join();
    else this.options.onResync();
  };

  private readonly handleMessages = (days: MessageDay[]) => {
    if (this.disposed || !this.conversationId) return;
    if (conversationOf(days) !== this.conversationId) return;
    this.options.onMessages(days);
  };

  private readonly handleStarted = (event: { conversationId?: unknown; userId?: unknown } | undefined) => {
    if (this.disposed || !event || event.userId !== this.options.partnerId) return;
    if (typeof event.conversationId !== 'string' || event.conversationId === this.conversationId) return;
    this.options.onConversation?.(event.conversationId);
    this.setConversation(event.conversationId);
  };
}
