import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { buildOpenApi, calls } from '@skynet/contract/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The OpenAPI document @skynet/contract builds from its calls (the same as contract/openapi.json); UI at /api/docs,
 * JSON at /api/docs/json.
 */
async function swaggerPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    mode: 'static',
    specification: { document: buildOpenApi(calls) as never },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list' },
  });
}

export default fp(swaggerPlugin, { name: 'swagger' });
