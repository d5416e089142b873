// The one socket.io connection of the product. socket.io-client is fetched only when chat first needs it,
// and the connection is shared by every area: visiting chat twice never opens a second one.
import { SOCKET_PATH, type SocketAuth } from '@skynet/contract';
import type { Socket } from 'socket.io-client';
import { getRuntimeConfig } from '../config';
import { emitUnauthorized, refreshToken } from '../http/events';
import { readToken } from '../http/token';

let socketPromise: Promise<Socket> | null = null;

/** Spec point 9 options: path, 20 s timeout, 1–5 s reconnection delay, jitter 0.5, unlimited, polling first. */
export function socketOptions(token: string | null) {
  const { socketPath } = getRuntimeConfig();
  return {
    path: socketPath || SOCKET_PATH,
    timeout: 20_000,
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
    randomizationFactor: 0.5,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    transports: ['polling', 'websocket'],
    auth: (callback: (data: SocketAuth) => void) => callback({ token: readToken() ?? token }),
  };
}

/**
 * Spec point 8: server disconnects trigger reconnection too. socket.io-client reconnects by itself after a
 * timeout or a transport error, but not when the server ends the session ('io server disconnect', which is what
 * an API restart or a deploy sends): connect again after the usual first delay (1 s, jitter 0.5). If the server
 * is still down, that attempt fails and the manager's own backoff (1–5 s, unlimited) takes over; if the token is
 * no longer valid, the handshake is refused and it stops there.
 */
export function reconnectAfterServerDisconnect(socket: Socket, isCurrent: () => boolean): void {
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    const delay = 1_000 * (1 + (Math.random() * 2 - 1) * 0.5);
    setTimeout(() => {
      if (isCurrent() && !socket.connected && !socket.active) socket.connect();
    }, delay);
  });
}

/** The server's answer to a handshake whose token it refuses (api realtime.ts, session-sockets.ts). */
const REFUSED_TOKEN = /not valid or has expired/;
/** At most one renewal for a refused handshake in this long (a token refused again is then left to the HTTP side). */
const RENEW_AT_MOST_EVERY_MS = 10_000;

/**
 * The server ends a socket when its token expires or is revoked, and refuses a handshake with such a token (the
 * client does not retry that by itself). Then the session renews the token once (the refresh cookie) and the socket
 * connects again with it; when the session is over, the shell is told, as a 401 would.
 */
export function renewOnRefusedHandshake(socket: Socket, isCurrent: () => boolean): void {
  let lastRenewal = 0;
  socket.on('connect_error', (error: Error) => {
    if (socket.active || !REFUSED_TOKEN.test(error.message) || !isCurrent() || !readToken()) return;
    if (Date.now() - lastRenewal < RENEW_AT_MOST_EVERY_MS) return;
    lastRenewal = Date.now();
    void refreshToken().then((fresh) => {
      if (!isCurrent() || !readToken()) return;
      if (fresh) socket.connect();
      else emitUnauthorized();
    });
  });
}

export function getSocket(): Promise<Socket> {
  if (!socketPromise) {
    const current: Promise<Socket> = import('socket.io-client').then(({ io }) => {
      const { socketUrl } = getRuntimeConfig();
      const options = socketOptions(readToken());
      const socket = socketUrl ? io(socketUrl, options) : io(options);
      reconnectAfterServerDisconnect(socket, () => socketPromise === current);
      renewOnRefusedHandshake(socket, () => socketPromise === current);
      return socket;
    });
    socketPromise = current;
  }
  return socketPromise;
}

/** Closes the connection (logout): the next getSocket() opens a new one with the new token. */
export async function closeSocket(): Promise<void> {
  if (!socketPromise) return;
  const socket = await socketPromise;
  socketPromise = null;
  socket.disconnect();
}

/** How many socket connections this page has opened: for the platform's own tests. */
export function socketCount(): number {
  return socketPromise ? 1 : 0;
}
