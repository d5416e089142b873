import { EventEmitter } from 'node:events';
import type { Socket } from 'socket.io-client';
import { onUnauthorized, setTokenRefresher } from '../http/events';
import { writeToken } from '../http/token';
import { renewOnRefusedHandshake } from './index';

/** Enough of a socket.io client socket: events, `active` and `connect()`. */
function fakeSocket() {
  const emitter = new EventEmitter();
  const socket = Object.assign(emitter, { active: false, connect: jest.fn() });
  return socket as unknown as Socket & {
    connect: jest.Mock;
    emit(event: string, ...args: unknown[]): boolean;
  };
}

const refused = new Error('The token is not valid or has expired.');
afterEach(() => setTokenRefresher(null));

test('a handshake refused for its token renews it once and connects again', async () => {
  writeToken('expired');
  const renew = jest.fn(async () => 'fresh');
  setTokenRefresher(renew);
  const socket = fakeSocket();
  renewOnRefusedHandshake(socket, () => true);
  socket.emit('connect_error', refused);
  await new Promise((r) => setTimeout(r, 0));
  expect(renew).toHaveBeenCalledTimes(1);
  expect(socket.connect).toHaveBeenCalledTimes(1);
  // Refused again at once: no second renewal (the HTTP side decides then).
  socket.emit('connect_error', refused);
  await new Promise((r) => setTimeout(r, 0));
  expect(renew).toHaveBeenCalledTimes(1);
});

test('when the session is over the shell is told, as a 401 would', async () => {
  writeToken('revoked');
  setTokenRefresher(async () => null);
  const unauthorized = jest.fn();
  const stop = onUnauthorized(unauthorized);
  const socket = fakeSocket();
  renewOnRefusedHandshake(socket, () => true);
  socket.emit('connect_error', refused);
  await new Promise((r) => setTimeout(r, 0));
  stop();
  expect(unauthorized).toHaveBeenCalledTimes(1);
  expect(socket.connect).not.toHaveBeenCalled();
});

test("other connection errors (server away) are left to socket.io's own retries", async () => {
  writeToken('t');
  const renew = jest.fn(async () => 'fresh');
  setTokenRefresher(renew);
  const socket = fakeSocket();
  renewOnRefusedHandshake(socket, () => true);
  socket.emit('connect_error', new Error('xhr poll error'));
  (socket as unknown as { active: boolean }).active = true;
  socket.emit('connect_error', refused);
  await new Promise((r) => setTimeout(r, 0));
  expect(renew).not.toHaveBeenCalled();
});
