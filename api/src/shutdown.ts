import type { FastifyInstance } from 'fastify';

/**
 * A bounded, draining shutdown (SIGTERM/SIGINT): stop accepting connections and mark the node not ready, disconnect
 * its sockets (clients reconnect to another node), let the requests being handled finish, then close the app
 * (database, Redis). Whatever is left when `timeoutMs` is spent is cut off. Resolves true when everything drained.
 */
export async function shutdown(app: FastifyInstance, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  const left = () => Math.max(0, timeoutMs - (Date.now() - started));
  // No new connections; idle keep-alive connections go now, busy ones after their answer (connection: close).
  if (app.server.listening) app.server.close();
  app.server.closeIdleConnections?.();
  // Sockets first: a long-polling socket.io request would otherwise count as a request being handled.
  app.realtime.io.local.disconnectSockets(true);
  // Leave a second of the budget for closing the database and Redis.
  const drained = await app.health.drain(Math.max(0, left() - 1_000));
  if (!drained)
    app.log.warn({ inflight: app.health.inflight() }, 'shutdown: requests still running, cutting them off');
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    app.close().then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(1_000, left()));
    }),
  ]);
  clearTimeout(timer);
  return drained && closed;
}
