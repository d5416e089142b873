import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, type HttpError } from '../../lib/errors.js';

/**
 * Body fields that are multi-line texts (posts, comments, messages, the bio): they may hold tab, line feed and
 * carriage return. Every other string of a body, and every query value and path segment, holds no C0 character.
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['content', 'newBio']);

/** C0 controls, DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const CONTROL = /[\u0000-\u001f\u007f]/;
/** C0 controls except tab, line feed and carriage return, DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** A percent-encoded C0 control or DEL in a URL: `%00`-`%1F`, `%7F`. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Deepest nesting a body may have: the API's bodies are at most three levels deep. */
const MAX_DEPTH = 8;

/** Why a string is refused, or null: control characters and lone (unpaired) UTF-16 surrogates. */
export function badCharacters(text: string, multiline: boolean): string | null {
  if ((multiline ? CONTROL_MULTILINE : CONTROL).test(text)) return 'a control character';
  if (LONE_SURROGATE.test(text)) return 'an unpaired surrogate';
  return null;
}

/** The first refused string in a parsed body (keys included), as an error naming the field. */
function checkValue(value: unknown, path: string, depth: number, multiline: boolean): HttpError | null {
  if (typeof value === 'string') {
    const why = badCharacters(value, multiline);
    return why ? badRequest(`${path || 'The body'} must not contain ${why}.`) : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return badRequest('The request body is nested too deeply.');
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const e = checkValue(value[i], `${path}[${i}]`, depth + 1, false);
      if (e) return e;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (badCharacters(key, false))
      return badRequest('A field name of the body must not contain a control character.');
    const e = checkValue(
      inner,
      path ? `${path}.${key}` : key,
      depth + 1,
      depth === 0 && MULTILINE_FIELDS.has(key),
    );
    if (e) return e;
  }
  return null;
}

const hasBody = (request: FastifyRequest) => {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
};

/**
 * One guard for every outside string (issue 21 item 4): the raw URL (path segments and query, percent-encoded or
 * not) before anything else reads it, and the parsed body before validation. A control character or an unpaired
 * surrogate is a 400 naming the field. A request with a body for a route that does not exist is answered 404 before
 * its body is read.
 */
async function inputGuardPlugin(
  app: FastifyInstance,
  opts: { notFoundText: (request: FastifyRequest) => string },
) {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (ENCODED_CONTROL.test(url) || CONTROL.test(url)) {
      throw badRequest('The address must not contain control characters.');
    }
    // An empty path segment under /api/ is an id left out (`/api/post//like`, `/api/user/sessions/`): the router would
    // drop a trailing slash and reach another call (`DELETE /api/user/sessions`, every session), so it is refused.
    const path = url.split('?', 1)[0] ?? '';
    if (path.startsWith('/api/') && path !== '/api/' && (path.endsWith('/') || path.includes('//')))
      throw badRequest('The address has an empty part: an id is missing.');
    if (request.is404 && hasBody(request)) {
      // Not read, not parsed: the connection closes after the answer so the unread body cannot be taken as a request.
      reply.header('connection', 'close');
      return reply.code(404).send({ success: false, error: opts.notFoundText(request) });
    }
  });

  app.addHook('preValidation', async (request) => {
    const error = checkValue(request.body, '', 0, false);
    if (error) throw error;
  });
}

export default fp(inputGuardPlugin, { name: 'input-guard' });
