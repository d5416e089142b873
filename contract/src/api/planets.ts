// Planets (public): the list in solar-system order, one planet, and their generated SVG images.
import { Type } from '@sinclair/typebox';
import { defineCall } from './call.js';
import { Planet } from './entities.js';
import { errors, OkValue } from './envelope.js';
import { IdParams } from './fields.js';

const tags = ['planets'] as const;

export const planetCalls = {
  planets: defineCall({
    operationId: 'planets',
    method: 'GET',
    path: '/planet',
    tags,
    public: true,
    response: { 200: OkValue(Type.Array(Planet)) },
  }),
  planet: defineCall({
    operationId: 'planet',
    method: 'GET',
    path: '/planet/:id',
    tags,
    public: true,
    params: IdParams,
    response: { 200: OkValue(Planet), ...errors(404) },
  }),
  planetImage: defineCall({
    operationId: 'planetImage',
    method: 'GET',
    path: '/planets/images/:file',
    tags,
    public: true,
    params: Type.Object({ file: Type.String({ minLength: 1, maxLength: 40 }) }),
    answers: 'The planet image (image/svg+xml, cached for a year); 404 as JSON.',
  }),
};
