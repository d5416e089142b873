import { Type } from '@sinclair/typebox';
import { Coordinates } from './entities.js';

export const UserName = Type.String({
  minLength: 3,
  maxLength: 30,
  pattern: '^[A-Za-z0-9_.-]+$',
  description: '3-30 letters, digits, _ . or -',
});
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 128 });
export const PlanetLocation = Type.Object({
  ...Coordinates.properties,
  planetId: Type.String({ minLength: 1, maxLength: 40 }),
});
