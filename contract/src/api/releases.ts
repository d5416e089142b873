// Issue 33, releases judged by real people: administrators only (403 for anyone else). The release console
// (/admin/releases) and `npm run ops` act through the same placement code (@skynet/site/releases).
import { Type } from '@sinclair/typebox';
import { defineCall } from './call.js';
import { RegistryIdentity, RemoteRelease } from './entities.js';
import { errors } from './envelope.js';

const tags = ['releases'] as const;

export const RELEASE_REASON_MAX_LENGTH = 500;

export const releaseCalls = {
  releases: defineCall({
    operationId: 'releases',
    method: 'GET',
    path: '/admin/releases',
    tags,
    description:
      "Every remote's stable and canary, its policy, the analysis comparing canary with stable (measures, per-minute series, failures with their error texts) and its last history lines; `registry` names the registry they belong to.",
    response: {
      200: Type.Object({
        success: Type.Literal(true),
        value: Type.Record(Type.String(), RemoteRelease),
        registry: RegistryIdentity,
      }),
      ...errors(401, 403),
    },
  }),
  releaseAction: defineCall({
    operationId: 'releaseAction',
    method: 'POST',
    path: '/admin/releases/:remote/:action',
    tags,
    description:
      'promote (the canary becomes stable now), pause (the analysis job holds the canary where it is; again: resume) or rollback (the canary ends; without one, back to the previous stable), with a reason kept in the history. 404: no such remote; 409: nothing to do (no canary to promote or pause, no earlier stable).',
    params: Type.Object({
      remote: Type.String({ pattern: '^[a-z][a-z0-9-]{0,63}$' }),
      action: Type.Union([Type.Literal('promote'), Type.Literal('pause'), Type.Literal('rollback')]),
    }),
    body: Type.Object(
      { reason: Type.String({ minLength: 1, maxLength: RELEASE_REASON_MAX_LENGTH }) },
      { additionalProperties: false },
    ),
    response: {
      200: Type.Object({ success: Type.Literal(true), value: RemoteRelease }),
      ...errors(400, 401, 403, 404, 409),
    },
  }),
};
