// The planets (spec point 7).
import type { Id } from '@skynet/contract';
import { cacheIds, getEnvelope as get, unwrap } from '@skynet/shared';
import { seg } from './call-helpers';
import type { ValueOf } from './types';

export const planetApi = {
  async list(): Promise<ValueOf<'planets'>> {
    return unwrap(await get<ValueOf<'planets'>>('/planet', { id: cacheIds.planets() }));
  },
  async get(id: Id): Promise<ValueOf<'planet'>> {
    return unwrap(await get<ValueOf<'planet'>>(`/planet/${seg(id)}`));
  },
};
