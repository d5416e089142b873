import type { FastifyInstance } from 'fastify';

/** A new file name per upload: cached forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Avatars at /api/media/avatars/<file>, from files or an S3-compatible bucket alike (plugins/app/avatars.ts). Outside
 * the contract's call table (routes/api/index.ts): a picture a page links to, not a call; public.
 */
export default async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>(
    '/api/media/avatars/:file',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const bytes = await app.avatars.read(request.params.file);
      if (!bytes) return reply.code(404).send({ success: false, error: 'No such picture.' });
      return reply.header('Cache-Control', IMMUTABLE).type('image/webp').send(bytes);
    },
  );
}
