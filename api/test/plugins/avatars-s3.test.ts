// Avatars in an S3-compatible bucket: tested against s3rver, a local S3-compatible server (the product
// itself talks plain signed S3 HTTP through aws4fetch, as it would to AWS S3, MinIO or R2).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import S3rver from 's3rver';
import sharp from 'sharp';
import { ConfigError, loadConfig } from '../../src/config.js';
import { type BuildTestOptions, call, signup, useApp } from '../helper.js';

const BUCKET = 'skynet-avatars';
const opts: BuildTestOptions & { env: Record<string, string> } = { env: {} };
const dir = mkdtempSync(path.join(os.tmpdir(), 'skynet-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: dir,
  configureBuckets: [{ name: BUCKET }],
});

before(async () => {
  const { port } = await server.run();
  Object.assign(opts.env, {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    // s3rver's own credentials: it checks every request's SigV4 signature against them.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('avatars in an S3-compatible store', () => {
  const ctx = useApp(opts);

  it('stores the resized picture in the bucket and serves it from there, long-cached', async () => {
    const u = await signup(ctx.app);
    const image = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const r = await call(ctx.app, 'PATCH /api/user/changeavatar', {
      token: u.token,
      payload: { avatarDataUrl: `data:image/png;base64,${image.toString('base64')}` },
    });
    assert.equal(r.status, 200, r.res.body);
    const file = path.basename(r.body.value);
    // The bytes are in the bucket, not on the API's disk.
    const stored = readdirSync(path.join(dir, BUCKET), { recursive: true }).map(String);
    assert.ok(
      stored.some((name) => name.includes(file)),
      `bucket holds ${stored.join(', ')}`,
    );
    assert.equal(readdirSync(ctx.dataDir).includes('media'), false);

    const img = await ctx.app.inject({ method: 'GET', url: r.body.value });
    assert.equal(img.statusCode, 200);
    assert.match(String(img.headers['cache-control']), /immutable/);
    const meta = await sharp(img.rawPayload).metadata();
    assert.equal(meta.format, 'webp');
    assert.ok((meta.width ?? 0) <= 420 && (meta.height ?? 0) <= 420);
  });

  it('answers 404 for a picture that is not there, and never reads outside the avatars', async () => {
    for (const url of [
      '/api/media/avatars/nobody-000000.webp',
      '/api/media/avatars/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const r = await ctx.app.inject({ method: 'GET', url });
      assert.equal(r.statusCode, 404, url);
    }
  });
});

describe('S3 configuration', () => {
  it('names every missing S3 variable at start', () => {
    assert.throws(
      () => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.includes('S3_BUCKET is required when S3_ENDPOINT is set.') &&
        error.problems.includes('S3_ACCESS_KEY_ID is required when S3_ENDPOINT is set.') &&
        error.problems.includes('S3_SECRET_ACCESS_KEY is required when S3_ENDPOINT is set.'),
    );
    assert.throws(
      () => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
      ConfigError,
    );
  });
});
