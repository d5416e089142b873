import { randomUUID } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './config.js';
import { activeTracing } from './tracing/switch.js';

/** Query parameters whose values are secrets (sign-in codes, OAuth state and tokens). */
const SECRET_PARAMS = /([?&](?:code|state|access_token|id_token|refresh_token|password)=)[^&#]*/gi;
/**
 * Path segments that are secrets: the reset token (API call and page link), the e-mail change links and the sign-up
 * confirmation link (/verifyemail/:token, issue 32); and what a person searched for (it may be someone's name or
 * address: issue 32, logs do not identify people).
 */
const SECRET_PATH = /(\/(?:resetpassword|confirmemail|undoemail|verifyemail|search)\/)[^/?#]+/gi;

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

/**
 * pino's `req` serializer (Fastify's default fields), with the URL redacted and without the client's address and port
 * (issue 32: the access log identifies a request by its id, not the person behind it; the proxy's own log has them).
 */
export function serializeRequest(req: RawRequestLike) {
  return {
    method: req.method,
    url: redactUrl(String(req.url ?? '')),
    version: req.headers?.['accept-version'],
    host: req.host,
  };
}

/** The stack's frames only: its first line repeats the message, which may be one this function replaced. */
const framesOf = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/** A PostgreSQL error code (SQLSTATE: five characters). */
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** PostgreSQL quotes the refused value at the end of some messages: `invalid input syntax for type uuid: "abc"`. */
const QUOTED_VALUE = /: ".*"$/s;

/**
 * An error as a log line may carry it (issue 32): its type, code and message, never the values a query was run with.
 * drizzle's DrizzleQueryError puts the statement and its parameters (addresses, texts, ids) in its message and
 * `params`; PostgreSQL's `detail` and `where` quote row values, and some of its messages end with the refused value.
 * What is kept: the database's code and message with a quoted value replaced (`22P02 invalid input syntax for type
 * uuid: [value]` names the problem) and the SQL text, whose values are placeholders. It is the logger's `err`
 * serializer, so every `{ err }` of every log line goes through it.
 */
export function errorForLog(err: unknown): unknown {
  // Not an error: a value pino prints as it is (or a shape this function made already).
  if (!isErrorLike(err) || madeForLog.has(err)) return err;
  const safe = logShape(err);
  madeForLog.add(safe);
  return safe;
}

/** The shapes errorForLog made (the logger's serializer sees them again when a caller passed one). */
const madeForLog = new WeakSet<object>();

type ErrorLike = Error & { cause?: unknown };
/** An Error, or what a driver throws as one (PGlite's errors are not instances of this realm's Error). */
const isErrorLike = (value: unknown): value is ErrorLike =>
  value instanceof Error ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    (typeof (value as { stack?: unknown }).stack === 'string' ||
      typeof (value as { code?: unknown }).code === 'string'));

function logShape(err: ErrorLike): Record<string, unknown> {
  const cause = isErrorLike(err.cause) ? err.cause : undefined;
  const { query, code, severity } = err as Error & { query?: unknown; code?: unknown; severity?: unknown };
  const sql = typeof query === 'string' ? { query: query.slice(0, 500) } : {};
  const database = typeof code === 'string' && SQLSTATE.test(code);
  if ('params' in err && !database) {
    // drizzle's wrapper of a failed query (its message lists the parameters): the database's own error is the cause.
    return { ...(cause ? logShape(cause) : { message: 'query failed' }), ...sql, stack: framesOf(err.stack) };
  }
  return {
    type: err.constructor?.name ?? 'Error',
    ...(code !== undefined ? { code } : {}),
    ...(database && typeof severity === 'string' ? { severity } : {}),
    message: database ? err.message.replace(QUOTED_VALUE, ': [value]') : err.message,
    ...sql,
    stack: database ? framesOf(err.stack) : err.stack,
    ...(cause ? { cause: logShape(cause) } : {}),
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
  const options = {
    ...base,
    serializers: { ...base.serializers, req: serializeRequest as never, url, err: errorForLog as never },
  };
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
