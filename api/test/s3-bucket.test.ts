// compose.yaml's `s3-setup` one-shot (api/src/cli/s3-bucket.ts): the avatars bucket made sure of with the API's own
// keys and signing, against s3rver (a local S3-compatible server that checks SigV4 signatures). Issue 30 item 4.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import S3rver from 's3rver';
import { ensureBucket } from '../src/cli/s3-bucket.js';
import type { S3Config } from '../src/config.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'skynet-s3-bucket-'));
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
let endpoint = '';
const config = (over: Partial<S3Config> = {}): S3Config => ({
  endpoint,
  bucket: 'skynet-avatars',
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  ...over,
});

before(async () => {
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('s3-bucket: the avatars bucket made sure of', () => {
  it('creates a missing bucket, then finds it there', async () => {
    assert.equal(await ensureBucket(config()), 'created');
    assert.ok(readdirSync(dir).includes('skynet-avatars'));
    assert.equal(await ensureBucket(config()), 'exists');
  });

  it('stops at once on a refusal (keys the store does not know)', async () => {
    const started = Date.now();
    await assert.rejects(
      ensureBucket(config({ bucket: 'other-bucket', accessKeyId: 'NOT-S3RVER', secretAccessKey: 'wrong' }), {
        waitMs: 10_000,
      }),
      /answered 403/,
    );
    assert.ok(Date.now() - started < 5000);
  });

  it('waits for a store that is not up yet, and says where it failed', async () => {
    // A port nobody listens on: taken and released.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    await assert.rejects(
      ensureBucket(config({ endpoint: `http://127.0.0.1:${port}` }), { waitMs: 1500 }),
      new RegExp(`could not be made sure of: http://127\\.0\\.0\\.1:${port}/skynet-avatars/: .*ECONNREFUSED`),
    );
  });
});
