import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import { badRequest } from '../../lib/errors.js';

export const AVATAR_MAX_BYTES = 3_000_000;
export const AVATAR_SIZE = 420;
const DATA_URL = /^data:image\/(png|jpeg|jpg|webp);base64,([A-Za-z0-9+/=\s]+)$/;
export const INVALID_FILE =
  'Invalid file selected! Use a png, jpeg or webp image of at most 3,000,000 bytes.';

export interface AvatarStore {
  dir: string;
  /** Verifies the data URL by decoding it, resizes to at most 420 px square, stores it; returns the file name. */
  store(userId: string, dataUrl: string): Promise<string>;
  remove(file: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    avatars: AvatarStore;
  }
}

async function avatarsPlugin(app: FastifyInstance, opts: { config: Config }) {
  const dir = path.join(opts.config.dataDir, 'media', 'avatars');
  await mkdir(dir, { recursive: true });
  const store: AvatarStore = {
    dir,
    async store(userId, dataUrl) {
      const m = DATA_URL.exec(dataUrl);
      if (!m?.[2]) throw badRequest(INVALID_FILE);
      const bytes = Buffer.from(m[2], 'base64');
      if (bytes.length === 0 || bytes.length > AVATAR_MAX_BYTES) throw badRequest(INVALID_FILE);
      let output: Buffer;
      try {
        const image = sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' });
        const meta = await image.metadata();
        if (!meta.format || !['png', 'jpeg', 'webp'].includes(meta.format))
          throw new Error('unsupported format');
        output = await image
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw badRequest(INVALID_FILE);
      }
      // A new name per upload: the URL can be cached forever.
      const file = `${userId}-${randomBytes(6).toString('hex')}.webp`;
      await writeFile(path.join(dir, file), output);
      return file;
    },
    async remove(file) {
      await rm(path.join(dir, path.basename(file)), { force: true });
    },
  };
  app.decorate('avatars', store);
}

export default fp(avatarsPlugin, { name: 'avatars' });
