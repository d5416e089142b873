import { AwsClient } from 'aws4fetch';
import { ConfigError, loadConfig, type S3Config } from '../config.js';

/**
 * `node dist/cli/s3-bucket.js` (`skynet s3-bucket` in the image): makes sure S3_BUCKET exists on S3_ENDPOINT, with
 * the API's own keys and signing (aws4fetch, path-style), creating it when missing. compose.yaml runs it once before
 * the API starts (the `s3-setup` service): the API only reads and writes objects. Waits up to `waitMs` for a store
 * that is still starting (connection refused, 5xx). Exit 0: the bucket is there; 1: it could not be made; 2: no S3.
 */
export async function ensureBucket(
  s3: S3Config,
  { waitMs = 60_000, fetchImpl = fetch }: { waitMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<'exists' | 'created'> {
  const client = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
    service: 's3',
  });
  const bucket = `${s3.endpoint}/${s3.bucket}/`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    let why: string;
    let response: Response | null = null;
    try {
      response = await fetchImpl(await client.sign(bucket, { method: 'HEAD' }));
      if (response.ok) return 'exists';
      if (response.status === 404) {
        response = await fetchImpl(await client.sign(bucket, { method: 'PUT' }));
        // 409: another run created it meanwhile (BucketAlreadyOwnedByYou).
        if (response.ok || response.status === 409) return 'created';
        why = `PUT ${bucket} answered ${response.status}: ${(await response.text()).slice(0, 300)}`;
      } else why = `HEAD ${bucket} answered ${response.status}`;
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      why = `${bucket}: ${(error.cause as Error | undefined)?.message ?? error.message}`;
    }
    // A refusal (these keys, this name) will not change by waiting; a store starting up (refused, 5xx) may.
    if (response && response.status < 500) throw new Error(`the bucket could not be made sure of: ${why}`);
    if (Date.now() >= deadline) throw new Error(`the bucket could not be made sure of: ${why}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const isMain = process.argv[1]?.replace(/\\/g, '/').endsWith('/cli/s3-bucket.js');
if (isMain) {
  (async () => {
    const { s3 } = loadConfig(process.env);
    if (!s3) {
      console.error(
        's3-bucket: S3_ENDPOINT is not set: avatars are files in $DATA_DIR/media, no bucket to make',
      );
      return 2;
    }
    const what = await ensureBucket(s3);
    console.log(`s3-bucket: ${s3.bucket} on ${s3.endpoint} ${what === 'exists' ? 'exists' : 'created'}`);
    return 0;
  })().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(
        `s3-bucket: ${error instanceof ConfigError || error instanceof Error ? error.message : error}`,
      );
      process.exit(1);
    },
  );
}
