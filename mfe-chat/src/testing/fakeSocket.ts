// A stand-in for the shared socket.io client: records emits, lets a test play the server.
// biome-ignore lint/suspicious/noExplicitAny: socket.io listeners take any arguments
type Listener = (...args: any[]) => void;

export interface Emitted {
  event: string;
  args: unknown[];
}

export class FakeSocket {
  connected = true;
  emitted: Emitted[] = [];
  disconnectCalls = 0;
  private listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }

  disconnect(): this {
    this.disconnectCalls += 1;
    this.connected = false;
    return this;
  }

  /** How many listeners are attached, all events together. */
  listenerCount(): number {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }

  /** The server sends an event. */
  serverEmit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  /** A reconnection: rooms are gone on the server, 'connect' fires again. */
  reconnect(): void {
    this.connected = true;
    this.serverEmit('connect');
  }

  /** Emits of one event, with their arguments minus any ack callback. */
  sent(event: string): unknown[][] {
    return this.emitted
      .filter((e) => e.event === event)
      .map((e) => e.args.filter((arg) => typeof arg !== 'function'));
  }

  /** Answers the last emit of `event` that asked for an ack. */
  ack(event: string, answer: unknown = { ok: true }): void {
    const last = [...this.emitted].reverse().find((e) => e.event === event);
    const callback = last?.args.find((arg) => typeof arg === 'function') as Listener | undefined;
    if (!callback) throw new Error(`no ${event} waiting for an answer`);
    callback(answer);
  }
}
