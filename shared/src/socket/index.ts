// The one socket.io connection of the product. socket.io-client is fetched only when chat first needs it,
// and the connection is shared by every area: visiting chat twice never opens a second one.
import type { Socket } from 'socket.io-client';
import { getRuntimeConfig } from '../config';
import { readToken } from '../http/token';

export const SOCKET_EVENTS = {
  join: 'sendID',
  leave: 'leaveID',
  message: 'displayMessage',
  conversationStarted: 'conversationStarted',
} as const;

let socketPromise: Promise<Socket> | null = null;

/** Spec point 9 options: path, 20 s timeout, 1–5 s reconnection delay, jitter 0.5, unlimited, polling first. */
export function socketOptions(token: string | null) {
  const { socketPath } = getRuntimeConfig();
  return {
    path: socketPath || '/socket.io',
    timeout: 20_000,
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
    randomizationFactor: 0.5,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    transports: ['polling', 'websocket'],
    auth: (callback: (data: { token: string | null }) => void) => callback({ token: readToken() ?? token }),
  };
}

export function getSocket(): Promise<Socket> {
  if (!socketPromise) {
    socketPromise = import('socket.io-client').then(({ io }) => {
      const { socketUrl } = getRuntimeConfig();
      const options = socketOptions(readToken());
      return socketUrl ? io(socketUrl, options) : io(options);
    });
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
