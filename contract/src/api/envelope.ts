// The answer envelope every call shares: `{ success: true, value }` or `{ success: false, error }`.
import { type TSchema, Type } from '@sinclair/typebox';

export const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

export const ErrorBody = Type.Object(
  { success: Type.Literal(false), error: Type.String() },
  { description: 'Every error: a text a person can read.' },
);

export const Ok = Type.Object({ success: Type.Literal(true) });
export const OkValue = <T extends TSchema>(value: T) => Type.Object({ success: Type.Literal(true), value });
export const OkMessage = Type.Object({ success: Type.Literal(true), message: Type.String() });

/** Error answers by status code (each the ErrorBody). */
export const errors = <const C extends readonly number[]>(...codes: C) =>
  Object.fromEntries(codes.map((c) => [c, ErrorBody])) as { [K in C[number]]: typeof ErrorBody };
