import { createHash, webcrypto } from 'node:crypto';
import { parseRegistry } from '@skynet/contract';
import { integrityIndex, matchesIntegrity } from './integrity';

const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

describe('integrity', () => {
  it('indexes the recorded hashes by absolute URL', () => {
    const { registry } = parseRegistry({
      remotes: {
        'mfe-static': {
          routes: [],
          stable: '1.0.0',
          versions: {
            '1.0.0': {
              manifest: '/remotes/mfe-static/1.0.0/mf-manifest.json',
              integrity: { 'mf-manifest.json': sri('m'), 'remoteEntry.js': sri('e'), bad: 'md5-xyz' },
            },
          },
        },
      },
    });
    const index = integrityIndex(registry, 'https://skynet.example');
    expect(index.get('https://skynet.example/remotes/mfe-static/1.0.0/mf-manifest.json')).toBe(sri('m'));
    expect(index.get('https://skynet.example/remotes/mfe-static/1.0.0/remoteEntry.js')).toBe(sri('e'));
    expect(index.size).toBe(2);
  });

  it('checks bytes against a sha384 hash', async () => {
    const original = globalThis.crypto;
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
    try {
      const bytes = new TextEncoder().encode('{"name":"mfe_static"}');
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      expect(await matchesIntegrity(buffer, sri('{"name":"mfe_static"}'))).toBe(true);
      expect(await matchesIntegrity(buffer, sri('tampered'))).toBe(false);
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: original, configurable: true });
    }
  });
});
