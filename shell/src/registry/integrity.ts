// Integrity recorded at publish time (registry versions[v].integrity, file name -> sha384), by absolute URL,
// so the shell can check a manifest's bytes and give remoteEntry.js an `integrity` attribute.
import type { Registry } from '@skynet/contract';

export type IntegrityIndex = Map<string, string>;

export function integrityIndex(registry: Registry, origin: string): IntegrityIndex {
  const index: IntegrityIndex = new Map();
  for (const entry of Object.values(registry.remotes)) {
    for (const version of Object.values(entry.versions)) {
      if (!version.integrity) continue;
      let base: URL;
      try {
        base = new URL(version.manifest, origin);
      } catch {
        continue;
      }
      for (const [file, hash] of Object.entries(version.integrity)) {
        if (typeof hash === 'string' && /^sha(256|384|512)-[A-Za-z0-9+/]+=*$/.test(hash)) {
          index.set(new URL(file, base).href, hash);
        }
      }
    }
  }
  return index;
}

const ALGORITHMS: Record<string, string> = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Does `bytes` match an SRI hash (`sha384-<base64>`)? Answers null when this browser cannot tell
 * (no WebCrypto outside a secure context).
 */
export async function matchesIntegrity(bytes: ArrayBuffer, expected: string): Promise<boolean | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const dash = expected.indexOf('-');
  const algorithm = ALGORITHMS[expected.slice(0, dash)];
  if (!algorithm) return null;
  const digest = await subtle.digest(algorithm, bytes);
  return `${expected.slice(0, dash)}-${toBase64(digest)}` === expected;
}
