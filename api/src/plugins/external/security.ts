import { createRequire } from 'node:module';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { AREA_HEADER, PAGE_TOKEN_HEADER } from '@skynet/contract';
import { devOverrideCspSources } from '@skynet/site';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';

type HelmetOptions = Record<string, unknown>;
type Middleware = (req: unknown, res: unknown, next: (err?: unknown) => void) => void;

/**
 * The headers helmet sets, computed once. @fastify/helmet builds a new helmet middleware (and re-parses the CSP) on
 * every request, 7% of a small request's CPU; the headers never change for this app (no nonces), so helmet runs once
 * here, against a recording response, and each request only copies the result. helmet itself comes from
 * @fastify/helmet's own dependency, so the headers stay exactly what that plugin set.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const helmet = fromPlugin('helmet') as (options: HelmetOptions) => Middleware;
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({}, res, (err) => {
    failure = err ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/** The ws:// or wss:// origin of the live chat's socket, served by this server at PUBLIC_ORIGIN. */
export function socketOrigin(publicOrigin: string): string {
  const u = new URL(publicOrigin);
  return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
}

/** CORS only for configured origins (same-origin needs none), security headers, br/gzip compression. */
async function securityPlugin(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    // The page token and area headers (issue 33): a remote developed against a deployed site names its page too.
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', PAGE_TOKEN_HEADER, AREA_HEADER],
    maxAge: 600,
  });

  // A developer override loads a remote from a dev server on exactly the origins /config.json names
  // (devOverrideOrigins, DEV_OVERRIDE_ORIGINS): none in production unless the operator names some (dev-overrides.ts).
  const overrideSources = devOverrideCspSources(config.devOverrideOrigins);
  const devOrigins = overrideSources.load;
  const headers = helmetHeaders({
    contentSecurityPolicy: config.csp
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            baseUri: ["'self'"],
            // No inline script: a page the site serves adds exactly its own, by hash (@skynet/site, page-csp.ts).
            scriptSrc: ["'self'", ...devOrigins],
            styleSrc: ["'self'", "'unsafe-inline'", ...devOrigins],
            imgSrc: ["'self'", 'data:', 'blob:', ...devOrigins],
            fontSrc: ["'self'", 'data:'],
            // The socket is this server's (same origin): its ws(s) URL by name, not any ws:/wss: host.
            connectSrc: [
              "'self'",
              socketOrigin(config.publicOrigin),
              ...config.corsOrigins,
              ...overrideSources.connect,
            ],
            objectSrc: ["'none'"],
            frameAncestors: ["'self'"],
            formAction: ["'self'"],
            workerSrc: ["'self'", 'blob:'],
          },
        }
      : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}

export default fp(securityPlugin, { name: 'security' });
