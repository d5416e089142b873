/**
 * Open-loop chat load: POST /api/user/chat at a fixed rate across many sender/receiver pairs, each receiver's socket
 * joined to its conversation; latency = POST issued -> the message seen in a newMessage on the receiver's socket.
 * It also counts the bytes the receivers' sockets get (engine.io message frames) per delivered message.
 * Senders may talk to one API process and receivers' sockets sit on another (Redis adapter between them).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { type NewMessagePayload, SOCKET_EVENTS } from '@skynet/contract';
import { io as connect, type Socket } from 'socket.io-client';

export interface ChatPair {
  senderToken: string;
  receiverId: string;
  receiverToken: string;
  conversationId: string;
}

export interface ChatLoadResult {
  sent: number;
  accepted: number;
  failed: number;
  delivered: number;
  /** Messages per second actually issued (the target is `rate`). */
  achievedRate: number;
  p50: number;
  p99: number;
  max: number;
  /** Bytes of the socket frames the receivers got, per delivered message. */
  bytesPerMessage: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function openReceivers(base: string, pairs: ChatPair[]): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < pairs.length; i += 50) {
    const batch = await Promise.all(
      pairs.slice(i, i + 50).map(async (p) => {
        const socket = connect(base, {
          path: '/socket.io',
          auth: { token: p.receiverToken },
          transports: ['websocket'],
          reconnection: false,
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        const ack = (await socket.timeout(10_000).emitWithAck(SOCKET_EVENTS.join, p.conversationId)) as {
          ok: boolean;
        };
        if (!ack.ok) throw new Error('receiver could not join its conversation');
        return socket;
      }),
    );
    sockets.push(...batch);
  }
  return sockets;
}

export async function chatLoad(opts: {
  sendBase: string;
  receiveBase: string;
  pairs: ChatPair[];
  rate: number;
  seconds: number;
  /** How long to wait after the last send for the remaining deliveries. */
  drainMs?: number;
}): Promise<ChatLoadResult> {
  const { pairs, rate, seconds } = opts;
  const total = Math.round(rate * seconds);
  const sockets = await openReceivers(opts.receiveBase, pairs);
  const issued = new Map<string, number>();
  const latencies: number[] = [];
  let frameBytes = 0;
  for (const socket of sockets) {
    // A socket.io packet as received; its websocket frame adds engine.io's one-character packet type.
    socket.io.engine.on('data', (data: unknown) => {
      frameBytes +=
        1 + (typeof data === 'string' ? Buffer.byteLength(data) : (data as ArrayBuffer).byteLength);
    });
    socket.on(SOCKET_EVENTS.newMessage, (m: NewMessagePayload) => {
      const t0 = issued.get(m.content);
      if (t0 !== undefined) {
        latencies.push(performance.now() - t0);
        issued.delete(m.content);
      }
    });
  }

  const target = new URL('/api/user/chat', opts.sendBase);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let sent = 0;
  let accepted = 0;
  let failed = 0;
  let answered = 0;
  const send = (i: number) => {
    const pair = pairs[i % pairs.length]!;
    const content = `load ${i}`;
    const body = JSON.stringify({ content, receiverId: pair.receiverId });
    issued.set(content, performance.now());
    const req = http.request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${pair.senderToken}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          answered++;
          if (res.statusCode === 200) accepted++;
          else {
            failed++;
            issued.delete(content);
          }
        });
      },
    );
    req.on('error', () => {
      answered++;
      failed++;
      issued.delete(content);
    });
    req.end(body);
  };

  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000));
      while (sent < due) send(sent++);
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const sendSeconds = (performance.now() - start) / 1000;
  const deadline = performance.now() + (opts.drainMs ?? 5000);
  while (performance.now() < deadline && (answered < sent || latencies.length < accepted)) {
    await new Promise((r) => setTimeout(r, 20));
  }
  for (const s of sockets) s.close();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    sent,
    accepted,
    failed,
    delivered: latencies.length,
    achievedRate: sent / sendSeconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    bytesPerMessage: latencies.length > 0 ? frameBytes / latencies.length : Number.NaN,
  };
}
