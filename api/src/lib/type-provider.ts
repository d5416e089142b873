import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyTypeProvider } from 'fastify';

/**
 * TypeBox 0.34 type provider. @fastify/type-provider-typebox 6 targets the `typebox` 1.x package, whose types do not
 * accept @sinclair/typebox 0.34 schemas, so this is the few lines it would give us.
 */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}
