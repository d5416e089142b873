import type { FastifyReply } from 'fastify';

const serialized = new WeakMap<object, string | Buffer | ArrayBuffer>();

/**
 * Answers `{success:true, value}` where `value` may be shared by many requests (a coalesced read, lib/coalesce): the
 * route's own response serializer runs once per shared value, and every reply sends that same JSON text.
 */
export function sendSharedValue(reply: FastifyReply, value: object) {
  let json = serialized.get(value);
  if (json === undefined) {
    json = reply.serialize({ success: true, value });
    serialized.set(value, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
