import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/errors.js';

/**
 * How long a connection whose request body was not read (an answer given before it: 413, 404, 401, 429) stays open
 * after the answer, reading and dropping what the client still sends, and how much it reads at most. Closing at once
 * would reset the connection while the client is still sending, and the client would see a broken pipe instead of
 * the answer (issue 32).
 */
export const LINGER_MS = 5_000;
export const LINGER_MAX_BYTES = 32 * 1024 * 1024;

/** The text of every 413. */
export const BODY_TOO_LARGE = 'The request body is too large.';

type ClosingSocket = Socket & { destroySoon?: () => void };

const lingering = new WeakSet<Socket>();

/**
 * Makes the socket's close after this answer (Node's http server calls `destroySoon` after an answer saying
 * `Connection: close`) a lingering close: the answer is written and the sending side ended (FIN: the client knows no
 * more comes), then what the client still sends is read and dropped until it stops, LINGER_MS pass or
 * LINGER_MAX_BYTES are read, whichever comes first. Then the socket is destroyed.
 */
function lingerOnClose(socket: ClosingSocket) {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  socket.destroySoon = () => {
    socket.end();
    let read = 0;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_MAX_BYTES) socket.destroy();
    });
    socket.once('close', () => clearTimeout(timer));
    // The request's parser may have paused the socket (its body was not read): reading goes on.
    socket.resume();
  };
}

const hasBody = (request: FastifyRequest) => {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
};

/**
 * Bodies over the limit, and answers given before a body was read (issue 32 item 6):
 * - `Expect: 100-continue` is answered by this server, not by Node at once: `100 Continue` goes out only when the
 *   body is about to be read, so a request refused before (unknown path, no token, declared length over the limit,
 *   rate limit) gets its final answer and the client never sends the body.
 * - A declared Content-Length over the route's body limit is a 413 before anything of the body is read.
 * - An answer given while the body is still coming closes the connection after a bounded linger (lingerOnClose),
 *   so a client that writes its whole body first still reads the answer.
 */
async function bodyGuardPlugin(app: FastifyInstance, opts: { defaultLimit: number }) {
  const server = app.server;
  // Without a `checkContinue` listener Node writes `100 Continue` the moment the headers arrive.
  server.on('checkContinue', (req, res) => server.emit('request', req, res));

  app.addHook('onRequest', async (request) => {
    const declared = Number(request.headers['content-length']);
    const limit = request.routeOptions.bodyLimit ?? opts.defaultLimit;
    if (declared > limit) throw new HttpError(413, BODY_TOO_LARGE);
  });

  app.addHook('preParsing', async (request, reply, payload) => {
    const expect = request.headers.expect;
    if (typeof expect === 'string' && expect.toLowerCase() === '100-continue' && !reply.raw.headersSent)
      reply.raw.writeContinue();
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    // Only a real connection (inject's stand-in socket has nothing to linger on).
    if (!raw.complete && hasBody(request) && raw.socket instanceof Socket) {
      reply.header('connection', 'close');
      lingerOnClose(raw.socket);
    }
    return payload;
  });
}

export default fp(bodyGuardPlugin, { name: 'body-guard' });
