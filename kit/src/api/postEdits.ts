// Editing a post (issue 35), apart from postApi: only the post's page edits, so the feed's first load carries none of
// it (budgets.json; kit's modules are free of side effects, so a remote's chunks take only what they import).
import type { Envelope, Id } from '@skynet/contract';
import { cacheIds, getEnvelope as get, http, unwrap } from '@skynet/shared';
import { seg } from './answers';
import type { BodyOf, ValueOf } from './types';

export const postEditApi = {
  /** The author replaces the text and the content warning ('' for none); a cached copy (a reply's parent) is dropped. */
  async edit(id: Id, content: string, contentWarning: string): Promise<ValueOf<'editPost'>> {
    const body = { content, contentWarning } satisfies BodyOf<'editPost'>;
    const post = unwrap((await http.patch<Envelope<ValueOf<'editPost'>>>(`/post/${seg(id)}`, body)).data);
    await http.storage.remove(cacheIds.post(id));
    return post;
  },
  /** Every text the post has had, the first first; never from the cache. */
  async history(id: Id): Promise<ValueOf<'postHistory'>> {
    return unwrap(await get<ValueOf<'postHistory'>>(`/post/${seg(id)}/history`, { cache: false }));
  },
};
