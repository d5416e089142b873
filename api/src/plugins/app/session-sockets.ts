import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Socket } from 'socket.io';
import type { TokenChange } from './auth.js';
import { userRoom } from './realtime.js';

export const sessionRoom = (id: string) => `session:${id}`;

/** setTimeout's longest delay (about 24.8 days); a later expiry is re-armed when it fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;

interface SocketSession {
  token: string;
  sessionId: string | null;
  expiresAt: number;
}

/**
 * A live socket lasts exactly as long as the token it connected with:
 * - at the token's expiry a timer disconnects it (the client reconnects with its refreshed token);
 * - whatever revokes the token (logout, sign out everywhere, a password change or reset, deletion, the admin CLI, SQL
 *   by hand) reaches every API process through the database's notification (auth.ts: TokenService.onChange), and each
 *   process checks its own sockets of that user or session again and disconnects those whose token no longer passes.
 * No Redis broadcast is needed: every process LISTENs to PostgreSQL itself, and one that missed notifications (its
 * LISTEN connection was down) checks all of its sockets when it is back.
 */
async function sessionSocketsPlugin(app: FastifyInstance) {
  const { io } = app.realtime;
  const stateOf = (socket: Socket) => socket.data.session as SocketSession | undefined;

  const arm = (socket: Socket, expiresAt: number) => {
    const delay = expiresAt * 1000 - Date.now();
    const timer = setTimeout(
      () => {
        if (expiresAt * 1000 <= Date.now()) socket.disconnect(true);
        else arm(socket, expiresAt);
      },
      Math.min(Math.max(delay, 0), MAX_DELAY_MS),
    );
    socket.once('disconnect', () => clearTimeout(timer));
  };

  // Runs after realtime.ts's own handshake check (registered first), which already refused a bad token; the same
  // check again is two Map look-ups (auth.ts caches), and tells the token's session and expiry.
  io.use((socket, next) => {
    const raw: unknown = socket.handshake.auth?.token;
    const token = typeof raw === 'string' ? raw.trimStart() : '';
    app.tokens
      .verify(token)
      .then((user) => {
        if (!user) return next(new Error('The token is not valid or has expired.'));
        socket.data.session = {
          token,
          sessionId: user.sessionId,
          expiresAt: user.expiresAt,
        } satisfies SocketSession;
        if (user.sessionId) void socket.join(sessionRoom(user.sessionId));
        arm(socket, user.expiresAt);
        next();
      })
      .catch((err: Error) => {
        app.log.error({ err }, 'socket session check failed');
        next(new Error('Authentication failed.'));
      });
  });

  /** Checks these sockets' tokens again; the ones that no longer pass are disconnected. */
  const recheck = async (sockets: Socket[]) => {
    await Promise.all(
      sockets.map(async (socket) => {
        const state = stateOf(socket);
        if (!state || !socket.connected) return;
        const user = await app.tokens.verify(state.token);
        if (!user) socket.disconnect(true);
      }),
    );
  };

  const localSockets = (room: string | null): Socket[] => {
    const sockets = io.of('/').sockets;
    if (room === null) return [...sockets.values()];
    const ids = io.of('/').adapter.rooms.get(room);
    if (!ids) return [];
    return [...ids].map((id) => sockets.get(id)).filter((s): s is Socket => s !== undefined);
  };

  const onChange = (change: TokenChange) => {
    const room =
      change.kind === 'user'
        ? userRoom(change.id)
        : change.kind === 'session'
          ? sessionRoom(change.id)
          : null;
    const sockets = localSockets(room);
    if (sockets.length === 0) return;
    recheck(sockets).catch((err: unknown) => app.log.error({ err }, 'socket revocation check failed'));
  };
  const stop = app.tokens.onChange(onChange);
  app.addHook('onClose', async () => {
    stop();
  });
}

export default fp(sessionSocketsPlugin, { name: 'session-sockets', dependencies: ['auth', 'realtime'] });
