// The kit's calls take their types from the API's schemas in @skynet/contract (types only: `import type`, so no
// schema code reaches a bundle). A field changed in a schema changes these types, and every call or screen that no
// longer fits fails to compile (contract.typetest.ts ties each call's answer to the schema's).
import type { Answer, Body, calls, Params, Query, Value } from '@skynet/contract/api';

export type Calls = typeof calls;
export type CallName = keyof Calls;
/** The JSON body call `K` takes. */
export type BodyOf<K extends CallName> = Body<Calls[K]>;
/** Call `K`'s query string. */
export type QueryOf<K extends CallName> = Query<Calls[K]>;
/** Call `K`'s path parameters. */
export type ParamsOf<K extends CallName> = Params<Calls[K]>;
/** Call `K`'s whole 200 answer. */
export type AnswerOf<K extends CallName> = Answer<Calls[K]>;
/** The `value` of call `K`'s 200 answer. */
export type ValueOf<K extends CallName> = Value<Calls[K]>;
