// The feeds: galaxy, planet, a person's posts, search (spec point 7).
import type { Id } from '@skynet/contract';
import { getEnvelope as get, unwrap } from '@skynet/shared';
import { seg } from './call-helpers';
import type { ValueOf } from './types';

export const feedApi = {
  /** Galaxy feed, pages from 1. */
  async galaxy(page: number): Promise<ValueOf<'galaxyFeed'>> {
    return unwrap(await get<ValueOf<'galaxyFeed'>>('/feed', { params: { page } }));
  },
  /** A planet's feed (pages from 1) or a user's feed (pages from 0): the id says which. */
  async of(id: Id, page: number): Promise<ValueOf<'feedOf'>> {
    return unwrap(await get<ValueOf<'feedOf'>>(`/feed/${seg(id)}`, { params: { page } }));
  },
  async liked(page: number): Promise<ValueOf<'likedPosts'>['likedPosts']> {
    return unwrap(await get<ValueOf<'likedPosts'>>('/user/liked', { params: { page } })).likedPosts;
  },
  async saved(page: number): Promise<ValueOf<'savedPosts'>['savedPosts']> {
    return unwrap(await get<ValueOf<'savedPosts'>>('/user/saved', { params: { page } })).savedPosts;
  },
  async commented(page: number): Promise<ValueOf<'commentedPosts'>['commentedPosts']> {
    return unwrap(await get<ValueOf<'commentedPosts'>>('/user/commented', { params: { page } }))
      .commentedPosts;
  },
  /** A user's replies (their comments), newest first, each with its parent's preview; pages from 0. */
  async replies(id: Id, page: number): Promise<ValueOf<'userReplies'>> {
    return unwrap(await get<ValueOf<'userReplies'>>(`/user/${seg(id)}/replies`, { params: { page } }));
  },
};
