// Posts: reading, writing, likes, saves and comments (spec point 7).
import type { Envelope, Id, Location } from '@skynet/contract';
import { cacheIds, getEnvelope as get, http, unwrap } from '@skynet/shared';
import { seg, setCachedToggle } from './call-helpers';
import type { BodyOf, ValueOf } from './types';

export const postApi = {
  /** The post as its detail page shows it: never from the cache. */
  async get(id: Id): Promise<ValueOf<'post'>> {
    return unwrap(await get<ValueOf<'post'>>(`/post/${seg(id)}`, { cache: false }));
  },
  /** A reply's parent, cached for 5 minutes (spec point 7). */
  async parent(id: Id): Promise<ValueOf<'post'>> {
    return unwrap(await get<ValueOf<'post'>>(`/post/${seg(id)}`, { id: cacheIds.post(id) }));
  },
  async create(content: string, location: Location, parentPost?: Id): Promise<Id> {
    const body = { content, location, parentPost } satisfies BodyOf<'createPost'>;
    const envelope = (await http.post<Envelope<ValueOf<'createPost'>>>('/post', body)).data;
    return unwrap(envelope)._id;
  },
  async remove(id: Id): Promise<void> {
    await http.delete(`/post/${seg(id)}`);
    await http.storage.remove(cacheIds.post(id));
  },
  async isLiked(id: Id): Promise<boolean> {
    return Boolean((await get<ValueOf<'isLiked'>>(`/post/${seg(id)}/like`, { id: cacheIds.like(id) })).value);
  },
  async setLiked(id: Id, liked: boolean): Promise<void> {
    if (liked) await http.post(`/post/${seg(id)}/like`);
    else await http.delete(`/post/${seg(id)}/like`);
    await setCachedToggle(cacheIds.like(id), liked);
  },
  async isSaved(id: Id): Promise<boolean> {
    return Boolean((await get<ValueOf<'isSaved'>>(`/post/${seg(id)}/save`, { id: cacheIds.save(id) })).value);
  },
  async setSaved(id: Id, saved: boolean): Promise<void> {
    if (saved) await http.post(`/post/${seg(id)}/save`);
    else await http.delete(`/post/${seg(id)}/save`);
    await setCachedToggle(cacheIds.save(id), saved);
  },
  async comment(id: Id, content: string): Promise<ValueOf<'comment'>> {
    const body = { content } satisfies BodyOf<'comment'>;
    return unwrap((await http.post<Envelope<ValueOf<'comment'>>>(`/post/${seg(id)}/comment`, body)).data);
  },
  /** Comments, pages from 0. */
  async comments(id: Id, page: number): Promise<ValueOf<'comments'>> {
    return unwrap(await get<ValueOf<'comments'>>(`/post/${seg(id)}/comment`, { params: { page } }));
  },
  /** Post search, pages from 0; the text travels as one encoded path segment. */
  async search(text: string, page: number): Promise<ValueOf<'searchPosts'>> {
    return unwrap(await get<ValueOf<'searchPosts'>>(`/post/search/${seg(text)}`, { params: { page } }));
  },
};
