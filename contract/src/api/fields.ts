// Request fields several calls validate the same way (their limits: ../limits.ts).
import { Type } from '@sinclair/typebox';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_NAME_MAX_LENGTH,
  USER_NAME_MIN_LENGTH,
  USER_NAME_PATTERN,
} from '../limits.js';
import { Coordinates } from './entities.js';

export const UserName = Type.String({
  minLength: USER_NAME_MIN_LENGTH,
  maxLength: USER_NAME_MAX_LENGTH,
  pattern: USER_NAME_PATTERN,
  description: '3-30 letters, digits, _ . or -',
});
export const Email = Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH });
/** An e-mail as typed, unchecked but for its length (sign-in, the current address). */
export const EmailText = Type.String({ maxLength: EMAIL_MAX_LENGTH });
export const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
/** A password as typed, unchecked but for its length (sign-in, confirmations, the current password). */
export const PasswordText = Type.String({ maxLength: PASSWORD_MAX_LENGTH });
export const PlanetLocation = Type.Object({
  ...Coordinates.properties,
  planetId: Type.String({ minLength: 1, maxLength: 40 }),
});
/** A one-time token from a mailed link or the identity provider's round trip. */
export const LinkToken = Type.String({ minLength: 1, maxLength: 200 });

export const PageQuery = Type.Object({
  page: Type.Optional(Type.String({ description: 'Page number (see README for where counting starts).' })),
});

/**
 * An id as a caller sends it (path segment or body field): never empty (issue 32: an empty id skipped the routes'
 * checks and reached the database as a 500); the routes check that it is a well-formed id.
 */
export const IdText = Type.String({ minLength: 1, maxLength: 64 });
export const IdParams = Type.Object({ id: IdText });
