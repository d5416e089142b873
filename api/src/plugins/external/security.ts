import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';

/** CORS only for configured origins (same-origin needs none), security headers, br/gzip compression. */
async function securityPlugin(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });

  // Outside production the developer override of one remote (devOverrideOrigins in /config.json) loads scripts
  // from a local dev server; production keeps scripts to 'self'.
  const devOrigins = config.environment === 'production' ? [] : ['http://localhost:*', 'http://127.0.0.1:*'];
  await app.register(helmet, {
    contentSecurityPolicy: config.csp
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            baseUri: ["'self'"],
            scriptSrc: ["'self'", ...devOrigins],
            styleSrc: ["'self'", "'unsafe-inline'", ...devOrigins],
            imgSrc: ["'self'", 'data:', 'blob:', ...devOrigins],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'", 'ws:', 'wss:', ...config.corsOrigins, ...devOrigins],
            objectSrc: ["'none'"],
            frameAncestors: ["'self'"],
            formAction: ["'self'"],
            workerSrc: ["'self'", 'blob:'],
          },
        }
      : false,
    crossOriginEmbedderPolicy: false,
  });

  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}

export default fp(securityPlugin, { name: 'security' });
