// People: profiles, search and follows (spec point 7).
import type { Id } from '@skynet/contract';
import { getEnvelope as get, http, unwrap } from '@skynet/shared';
import { seg } from './call-helpers';
import type { ValueOf } from './types';

export const userApi = {
  async get(id: Id): Promise<ValueOf<'user'>> {
    return unwrap(await get<ValueOf<'user'>>(`/user/${seg(id)}`));
  },
  async search(text: string, page: number): Promise<ValueOf<'searchUsers'>> {
    return unwrap(await get<ValueOf<'searchUsers'>>(`/user/search/${seg(text)}`, { params: { page } }));
  },
  /** People to follow (the desktop side column): not followed yet, the home planet's first. */
  async suggestions(limit: number): Promise<ValueOf<'suggestions'>> {
    return unwrap(await get<ValueOf<'suggestions'>>('/user/suggestions', { params: { limit } }));
  },
  async following(): Promise<ValueOf<'following'>> {
    return unwrap(await get<ValueOf<'following'>>('/user/following'));
  },
  async followers(): Promise<ValueOf<'followers'>> {
    return unwrap(await get<ValueOf<'followers'>>('/user/follower'));
  },
  async isFollowing(id: Id): Promise<boolean> {
    return Boolean((await get<ValueOf<'isFollowing'>>(`/user/${seg(id)}/follow`)).value);
  },
  async setFollowing(id: Id, follow: boolean): Promise<void> {
    if (follow) await http.post(`/user/${seg(id)}/follow`);
    else await http.delete(`/user/${seg(id)}/follow`);
  },
};
