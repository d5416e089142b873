// Health, FAQs, platform events (all public).
import { Type } from '@sinclair/typebox';
import { defineCall } from './call.js';
import { Faq, PlatformEvent, PlatformEventCount, PlatformMeasure, RegistryIdentity } from './entities.js';
import { errors, OkValue } from './envelope.js';

const platform = ['platform'] as const;
const faqs = ['faqs'] as const;

/** Readiness answers: `database` and `redis` are `ok`, `down` or `off`. */
const Readiness = Type.Object({
  success: Type.Boolean(),
  node: Type.String(),
  pid: Type.Integer(),
  database: Type.String(),
  redis: Type.String(),
  error: Type.Optional(Type.String()),
});

export const miscCalls = {
  health: defineCall({
    operationId: 'health',
    method: 'GET',
    path: '/health',
    tags: platform,
    public: true,
    description: 'Liveness: the process answers. `node` is also sent as `x-skynet-node` on every answer.',
    response: {
      200: Type.Object({
        success: Type.Literal(true),
        node: Type.String(),
        pid: Type.Integer(),
        uptime: Type.Number(),
      }),
    },
  }),
  ready: defineCall({
    operationId: 'ready',
    method: 'GET',
    path: '/health/ready',
    tags: platform,
    public: true,
    description: 'Readiness: `database` and `redis` are `ok`, `down` or `off` (Redis not configured).',
    response: { 200: Readiness, 503: Readiness },
  }),
  faqs: defineCall({
    operationId: 'faqs',
    method: 'GET',
    path: '/faqs',
    tags: faqs,
    public: true,
    response: { 200: OkValue(Type.Array(Faq)) },
  }),
  searchFaqs: defineCall({
    operationId: 'searchFaqs',
    method: 'POST',
    path: '/faqs',
    tags: faqs,
    public: true,
    description: 'FAQs whose question or answer matches the words of the query.',
    body: Type.Object({ query: Type.String({ maxLength: 200 }) }),
    response: { 200: OkValue(Type.Array(Faq)), ...errors(400, 429) },
  }),
  reportPlatformEvents: defineCall({
    operationId: 'reportPlatformEvents',
    method: 'POST',
    path: '/platform/events',
    tags: platform,
    public: true,
    description:
      "Micro-frontend telemetry: load/evaluate/mount/render events and the page's measures (LCP, INP, CLS). Always 204; counted only with the page's valid token (`token`, from the page's head start) for versions it names, once per visitor, up to a per-visitor cap. No personal data is stored.",
    body: Type.Object({
      token: Type.Optional(Type.String({ maxLength: 4000 })),
      events: Type.Array(PlatformEvent, { maxItems: 50 }),
      measures: Type.Optional(Type.Array(PlatformMeasure, { maxItems: 30 })),
    }),
    response: { 204: Type.Null(), ...errors(400, 413, 429) },
  }),
  platformEventsSummary: defineCall({
    operationId: 'platformEventsSummary',
    method: 'GET',
    path: '/platform/events/summary',
    tags: platform,
    description:
      'Administrators only: counted visitors per remote, version and type over the last `minutes` (default 1440), with the registry they belong to.',
    querystring: Type.Object({
      minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_080 })),
    }),
    response: {
      200: Type.Object({
        success: Type.Literal(true),
        value: Type.Array(PlatformEventCount),
        registry: RegistryIdentity,
      }),
      ...errors(400, 401, 403),
    },
  }),
};
