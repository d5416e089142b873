import { createHash, randomBytes } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/** A random URL-safe token (256 bits). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored hashed: a database leak does not hand out working reset links or sign-in codes. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
