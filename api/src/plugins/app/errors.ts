import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../db/postgres-watchdog.js';
import { HttpError } from '../../lib/errors.js';
import { errorForLog } from '../../server-options.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/** Turns an ajv error into a sentence a person can read, e.g. "content must be at most 324 characters." */
export function describeValidationError(errors: AjvError[], dataVar: string): string {
  const e = errors[0];
  if (!e) return 'The request is not valid.';
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = (name: string) => (name ? name : (PART_NAMES[dataVar] ?? dataVar));
  switch (e.keyword) {
    case 'required': {
      const missing = String(e.params.missingProperty ?? '');
      return `${path ? `${path}.` : ''}${missing} is required.`;
    }
    case 'type': {
      if (!path && dataVar === 'body') return 'The request body must be a JSON object.';
      return `${field(path)} must be ${e.params.type === 'integer' ? 'a whole number' : `a ${String(e.params.type)}`}.`;
    }
    case 'minLength':
      return Number(e.params.limit) <= 1
        ? `${field(path)} must not be empty.`
        : `${field(path)} must be at least ${e.params.limit} characters.`;
    case 'maxLength':
      return `${field(path)} must be at most ${e.params.limit} characters.`;
    case 'minimum':
    case 'maximum':
      return `${field(path)} must be ${e.keyword === 'minimum' ? 'at least' : 'at most'} ${e.params.limit}.`;
    case 'maxItems':
      return `${field(path)} must have at most ${e.params.limit} items.`;
    case 'minItems':
      return `${field(path)} must have at least ${e.params.limit} items.`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return `${field(path)} is not one of the accepted values.`;
    case 'format':
      return e.params.format === 'email'
        ? `${field(path)} must be an e-mail address.`
        : `${field(path)} is not valid.`;
    default:
      return `${field(path)} is not valid.`;
  }
}

/** Fastify's own 4xx codes, answered with a readable text. */
const FASTIFY_4XX: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

/**
 * One error handler: every error becomes `{success:false, error}` with a meaningful status. 4xx keep their text;
 * 5xx hide details from the caller and are logged with the request context.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ success: false, error: err.message });
    }
    if (err.validation) {
      return reply.code(400).send({ success: false, error: err.message });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      let message = (err.code && FASTIFY_4XX[err.code]) || undefined;
      if (!message && err instanceof SyntaxError) message = 'The request body is not valid JSON.';
      if (!message) message = err.message || 'The request is not valid.';
      if (status === 413) message = 'The request body is too large.';
      return reply.code(status).send({ success: false, error: message });
    }
    if (isDatabaseUnavailable(err)) {
      // PostgreSQL is away (frozen, restarting, unreachable): nothing was written; the caller may try again.
      request.log.warn(
        {
          err: (errorForLog(err) as { message?: unknown }).message,
          method: request.method,
          url: request.url,
        },
        'database unavailable',
      );
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ success: false, error: 'The database is not answering. Please try again in a moment.' });
    }
    // The request id (on every line) leads to the request; the line names no person and no query value.
    request.log.error({ err: errorForLog(err), method: request.method, url: request.url }, 'request failed');
    return reply
      .code(500)
      .send({ success: false, error: 'Something went wrong on our side. Please try again later.' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
