// Secrets the database must not hold in the clear (issue 32): TOTP secrets, mail jobs that carry a link. Sealed with
// AES-256-GCM under a key derived (HKDF-SHA-256) from the server's signing secret, which lives outside the database
// (JWT_SECRET or $DATA_DIR/jwt-secret): a read of the database or a backup of it alone opens nothing.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export interface Sealer {
  /** `v1.<iv>.<ciphertext+tag>` (base64url); `purpose` is bound in (a sealed value of one kind opens as no other). */
  seal(plain: string, purpose: string): string;
  /** The plain text, or null when the value is not one this key sealed for this purpose. */
  open(sealed: string, purpose: string): string | null;
}

export function createSealer(secret: Uint8Array): Sealer {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'skynet sealed v1', 32));
  return {
    seal(plain, purpose) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, purpose) {
      const [version, iv, body] = sealed.split('.');
      if (version !== VERSION || !iv || !body) return null;
      try {
        const bytes = Buffer.from(body, 'base64url');
        if (bytes.length < 16) return null;
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        return Buffer.concat([
          decipher.update(bytes.subarray(0, bytes.length - 16)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
