// What one API call is: its operation id, method, path and the schemas of its request and answers. The API validates
// with these, the OpenAPI document is built from them, and the kit takes its calls' types from them (import type).
import type { Static, TSchema } from '@sinclair/typebox';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ApiCall {
  /** Unique: names the call in the OpenAPI document, in the API's route table and in the kit. */
  operationId: string;
  method: Method;
  /** Under /api, in Fastify's form (`/post/:id`). */
  path: string;
  tags: readonly string[];
  description?: string;
  /** No token needed (the API's auth hook lets it pass; the document says `security: []`). */
  public?: true;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  headers?: TSchema;
  /** Answers by status code, the error bodies included; absent for answers that are not JSON. */
  response?: Readonly<Record<number, TSchema>>;
  /** Not JSON (a redirect, an image): what the answer is, for the document. */
  answers?: string;
}

/** Checks a call's shape and keeps its literal type (so its schemas' types reach the API and the kit). */
export const defineCall = <const C extends ApiCall>(call: C): C => call;

type Of<S> = S extends TSchema ? Static<S> : never;
/** The JSON body a call takes. */
export type Body<C extends ApiCall> = Of<C['body']>;
/** The query string a call takes. */
export type Query<C extends ApiCall> = Of<C['querystring']>;
/** The path parameters a call takes. */
export type Params<C extends ApiCall> = Of<C['params']>;
/** The 200 answer of a call. */
export type Answer<C extends ApiCall> = C['response'] extends Record<200, infer S> ? Of<S> : never;
/** The `value` of a call's 200 answer (most calls answer `{ success: true, value }`). */
export type Value<C extends ApiCall> = Answer<C> extends { value?: infer V } ? V : never;
