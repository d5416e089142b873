import { randomUUID } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './config.js';
import { activeTracing } from './tracing/switch.js';

/** Query parameters whose values are secrets (sign-in codes, OAuth state and tokens). */
const SECRET_PARAMS = /([?&](?:code|state|access_token|id_token|refresh_token|password)=)[^&#]*/gi;
/** Path segments that are secrets: the reset token (API call and page link) and the e-mail change links. */
const SECRET_PATH = /(\/(?:resetpassword|confirmemail|undoemail)\/)[^/?#]+/gi;

/** A URL as the log may show it: reset tokens and sign-in codes replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}

interface RawRequestLike {
  method?: string;
  version?: string;
  url?: string;
  host?: string;
  headers?: Record<string, unknown>;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
}

/** pino's `req` serializer (Fastify's default fields), with the URL redacted and the client's address from trustProxy. */
export function serializeRequest(req: RawRequestLike) {
  return {
    method: req.method,
    url: redactUrl(String(req.url ?? '')),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

/** Fastify's log lines, with the one that prints a URL itself ("Route GET:/x not found") redacted too. */
class RedactingLogController extends LogController {
  override routeNotFound(request: FastifyRequest, _reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${redactUrl(String(request.raw.url ?? ''))} not found`);
  }
}

/** Adds the redacting serializer to whatever logger options the caller chose (false stays false). */
export function loggerOptions(
  config: Config,
  logger: FastifyServerOptions['logger'] | undefined,
): FastifyServerOptions['logger'] {
  const base = logger ?? { level: config.logLevel };
  if (typeof base !== 'object') return base;
  // `url` too: handlers and the error handler log `{ url: request.url }` next to `req`.
  const url = (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value);
  const options = { ...base, serializers: { ...base.serializers, req: serializeRequest as never, url } };
  // With tracing on, each line carries its trace and span ids (trace_id, span_id): a log line leads to its trace.
  const tracing = activeTracing();
  if (!tracing) return options;
  const mixin = base.mixin;
  return {
    ...options,
    mixin: (context: object, level: number, logger: Parameters<NonNullable<typeof mixin>>[2]) => ({
      ...mixin?.(context, level, logger),
      ...tracing.currentIds(),
    }),
  };
}

/** TRUST_PROXY as Fastify's trustProxy: a hop count becomes a function (Fastify 5 treats a bare number as none). */
export function trustProxyOption(value: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (value === false || value === 0) return false;
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value;
}

/** An id a caller may hand in (a proxy's, a client's retry): a plain token, never anything a log line could misread. */
const GIVEN_REQUEST_ID = /^[\w.:@-]{1,128}$/;

/**
 * A request's id: its `X-Request-Id` when that is a plain token of at most 128 characters (the proxy's, so one request
 * is one id across the proxy's and every node's logs), else a new UUID (not Fastify's per-process counter, which
 * every node restarts at req-1). It is in each of the request's log lines (`reqId`) and in its answer (app.ts).
 */
export function requestIdOf(headers: Record<string, string | string[] | undefined>): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && GIVEN_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The Fastify options that come from the configuration: redacted request logs, trustProxy, and timeouts
 * (handlerTimeout answers 503 when a request is not answered in time; requestTimeout bounds receiving one), request ids.
 */
export function serverOptions(config: Config, logger: FastifyServerOptions['logger'] | undefined) {
  return {
    logger: loggerOptions(config, logger),
    logController: new RedactingLogController(),
    requestIdHeader: false,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => requestIdOf(req.headers),
    trustProxy: trustProxyOption(config.trustProxy),
    ...(config.requestTimeoutMs > 0 ? { handlerTimeout: config.requestTimeoutMs } : {}),
    // Receiving one request (headers and body) may take at most a minute: a 4.5 MB avatar on a slow link.
    requestTimeout: 60_000,
  } satisfies FastifyServerOptions;
}
