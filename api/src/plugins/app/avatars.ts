import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@skynet/contract';
import { AwsClient } from 'aws4fetch';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import type { Config, S3Config } from '../../config.js';
import { badRequest } from '../../lib/errors.js';

export const AVATAR_SIZE = 420;
const DATA_URL = /^data:image\/(png|jpeg|jpg|webp);base64,([A-Za-z0-9+/=\s]+)$/;
export const INVALID_FILE =
  'Invalid file selected! Use a png, jpeg or webp image of at most 3,000,000 bytes.';

export interface AvatarStore {
  /** Where the avatars live: `files` under $DATA_DIR/media/avatars, or an S3-compatible bucket. */
  kind: 'files' | 's3';
  /** Verifies the data URL by decoding it, resizes to at most 420 px square, stores it; returns the file name. */
  store(userId: string, dataUrl: string): Promise<string>;
  /** The stored image, or null when there is none by that name. */
  read(file: string): Promise<Buffer | null>;
  remove(file: string): Promise<void>;
}

/** Where the bytes go. File names are `<userId>-<random>.webp`, checked before they reach a backend. */
interface Backend {
  put(file: string, bytes: Buffer): Promise<void>;
  get(file: string): Promise<Buffer | null>;
  delete(file: string): Promise<void>;
}

export const AVATAR_FILE = /^[A-Za-z0-9_-]{1,80}\.webp$/;

async function fileBackend(dir: string): Promise<Backend> {
  await mkdir(dir, { recursive: true });
  return {
    put: (file, bytes) => writeFile(path.join(dir, file), bytes),
    async get(file) {
      try {
        return await readFile(path.join(dir, file));
      } catch {
        return null;
      }
    },
    delete: (file) => rm(path.join(dir, file), { force: true }),
  };
}

/** Any S3-compatible store, signed with SigV4 (aws4fetch), path-style URLs. */
function s3Backend(s3: S3Config): Backend {
  const client = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
    service: 's3',
  });
  const url = (file: string) => `${s3.endpoint}/${s3.bucket}/avatars/${file}`;
  return {
    async put(file, bytes) {
      const response = await client.fetch(url(file), {
        method: 'PUT',
        body: bytes,
        headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=31536000, immutable' },
      });
      if (!response.ok) throw new Error(`S3 PUT ${file} answered ${response.status}`);
    },
    async get(file) {
      const response = await client.fetch(url(file));
      if (response.status === 404 || response.status === 403) return null;
      if (!response.ok) throw new Error(`S3 GET ${file} answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(file) {
      const response = await client.fetch(url(file), { method: 'DELETE' });
      if (!response.ok && response.status !== 404)
        throw new Error(`S3 DELETE ${file} answered ${response.status}`);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    avatars: AvatarStore;
  }
}

async function avatarsPlugin(app: FastifyInstance, opts: { config: Config }) {
  const backend = opts.config.s3
    ? s3Backend(opts.config.s3)
    : await fileBackend(path.join(opts.config.dataDir, 'media', 'avatars'));
  const store: AvatarStore = {
    kind: opts.config.s3 ? 's3' : 'files',
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
      await backend.put(file, output);
      return file;
    },
    async read(file) {
      return AVATAR_FILE.test(file) ? backend.get(file) : null;
    },
    async remove(file) {
      const name = path.basename(file);
      if (AVATAR_FILE.test(name)) await backend.delete(name);
    },
  };
  app.decorate('avatars', store);
}

export default fp(avatarsPlugin, { name: 'avatars' });
