// The OpenAPI 3.1 document, built from the call table: one operation per call (its operationId, tags, parameters,
// body and answers), the named entities as shared components referenced with $ref, bearer-JWT security (public
// calls `security: []`), and the socket.io events under `x-socket-events`. contract/openapi.json is its output
// (`npm run openapi`); contract's tests fail when the two differ, and the API serves it at /api/docs (API_DOCS=on).
import type { TSchema } from '@sinclair/typebox';
import { SOCKET_PATH } from '../socket.js';
import type { ApiCall } from './call.js';
import { ENTITY_SCHEMAS } from './entities.js';
import { ErrorBody } from './envelope.js';
import * as socket from './socket-events.js';

type Json = Record<string, unknown>;

const NAMED: Record<string, TSchema> = {
  ...ENTITY_SCHEMAS,
  Error: ErrorBody,
  SocketAck: socket.SocketAck,
  JoinAck: socket.JoinAck,
  JoinOptions: socket.JoinOptions,
  FollowFeedOptions: socket.FollowFeedOptions,
  NewMessagePayload: socket.NewMessagePayload,
  ConversationStartedPayload: socket.ConversationStartedPayload,
  FeedPostPayload: socket.FeedPostPayload,
};
const names = new Map<unknown, string>(Object.entries(NAMED).map(([name, schema]) => [schema, name]));

/** A schema as plain JSON (TypeBox's symbols dropped), each named schema inside it a $ref to its component. */
function plain(schema: unknown, top?: unknown): unknown {
  if (schema !== top && names.has(schema)) return { $ref: `#/components/schemas/${names.get(schema)}` };
  if (Array.isArray(schema)) return schema.map((item) => plain(item));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, plain(value)]));
}

function parameters(where: 'path' | 'query' | 'header', schema: TSchema | undefined): Json[] {
  if (!schema) return [];
  const required = new Set<string>(schema.required ?? []);
  return Object.entries(schema.properties as Record<string, TSchema>).map(([name, property]) => {
    const { description, ...rest } = plain(property) as Json;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function responses(call: ApiCall): Json {
  if (!call.response) return { default: { description: call.answers ?? 'Not JSON.' } };
  return Object.fromEntries(
    Object.entries(call.response).map(([status, schema]) => [
      status,
      {
        description: schema === ErrorBody ? 'An error, with a text a person can read.' : 'OK',
        content: { 'application/json': { schema: plain(schema) } },
      },
    ]),
  );
}

function operation(call: ApiCall): Json {
  return {
    operationId: call.operationId,
    tags: [...call.tags],
    ...(call.description ? { description: call.description } : {}),
    ...(call.public ? { security: [] } : {}),
    parameters: [
      ...parameters('path', call.params),
      ...parameters('query', call.querystring),
      ...parameters('header', call.headers),
    ],
    ...(call.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: plain(call.body) } } } }
      : {}),
    responses: responses(call),
  };
}

/** `/post/:id` under /api as OpenAPI writes it: `/api/post/{id}`. */
const openApiPath = (path: string) => `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

export function buildOpenApi(calls: Record<string, ApiCall>): Json {
  const paths: Record<string, Json> = {};
  for (const call of Object.values(calls)) {
    const path = openApiPath(call.path);
    paths[path] = { ...paths[path], [call.method.toLowerCase()]: operation(call) };
  }
  const events = Object.fromEntries(
    Object.entries(socket.SOCKET_EVENT_SCHEMAS).map(([name, event]) => [
      name,
      {
        direction: event.direction,
        description: event.description,
        args: event.args.map((arg) =>
          'optional' in arg
            ? { required: false, schema: plain(arg.optional) }
            : { required: true, schema: plain(arg) },
        ),
        ...(event.ack ? { ack: plain(event.ack) } : {}),
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Skynet API',
      version: '1.0.0',
      description:
        'The calls of the Skynet spec, point 7, built from @skynet/contract (npm run openapi). The socket.io events ' +
        'are under x-socket-events.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: Object.fromEntries(
        Object.entries(NAMED).map(([name, schema]) => [name, plain(schema, schema)]),
      ),
    },
    'x-socket-events': {
      path: SOCKET_PATH,
      handshake: 'auth: { token } (the same JWT as the Authorization header)',
      events,
    },
  };
}
