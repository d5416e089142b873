import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { type BuildTestOptions, build, type TestApp } from './helper.js';

/** Listens on a free loopback port; the app's base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A socket.io client signed in with `token` (none: no auth) over websocket, without reconnection; rejects on connect_error. */
export function openSocket(url: string, token: string | undefined): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => {
      s.close();
      reject(err);
    });
  });
}

/** The next `event` on `s` that `wanted` accepts (any, by default); rejects after `ms`. */
export const next = <T>(s: Socket, event: string, ms = 5000, wanted: (v: T) => boolean = () => true) =>
  new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => {
      s.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (v: T) => {
      if (!wanted(v)) return;
      clearTimeout(t);
      s.off(event, listener);
      resolve(v);
    };
    s.on(event, listener);
  });

/**
 * Two API processes on one database for the enclosing suite (`opts`: the second shares the first's database), built
 * before its tests and closed after them, each socket pushed to `sockets` closed first. `one` and `two` are filled
 * in before the first test, like useApp's.
 */
export function useTwoProcesses(opts: BuildTestOptions = {}): {
  one: TestApp;
  two: TestApp;
  sockets: Socket[];
} {
  const one = {} as TestApp;
  const two = {} as TestApp;
  const sockets: Socket[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  before(async () => {
    const t = { after: (fn: () => Promise<void>) => cleanups.push(fn) };
    Object.assign(one, await build(t, opts));
    Object.assign(two, await build(t, { ...opts, database: one.database }));
  });
  after(async () => {
    for (const s of sockets) s.close();
    for (const fn of cleanups.reverse()) await fn();
  });
  return { one, two, sockets };
}
