// Type test (compiled by `npm run typecheck`, never run): each typed call of the kit answers exactly what the API's
// schema in @skynet/contract says the call answers. A call typed by hand, or a schema changed so that a call no
// longer fits, fails the kit's typecheck here.
import type { Comment, ConversationRow, CurrentUser, Faq, Planet, Post, User } from '@skynet/contract';
import type { calls, Value } from '@skynet/contract/api';
import type { accountApi, chatApi, faqApi, feedApi, planetApi, postApi, userApi } from './index';
import type { notificationsApi } from './notifications';

/** true when A and B are the same type (not merely assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
type Answers<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
type V<K extends keyof typeof calls> = Value<(typeof calls)[K]>;

export type Checks = [
  Expect<Equal<Answers<typeof feedApi.galaxy>, V<'galaxyFeed'>>>,
  Expect<Equal<Answers<typeof feedApi.galaxy>, Post[]>>,
  Expect<Equal<Answers<typeof feedApi.of>, V<'feedOf'>>>,
  Expect<Equal<Answers<typeof feedApi.liked>, V<'likedPosts'>['likedPosts']>>,
  Expect<Equal<Answers<typeof feedApi.saved>, V<'savedPosts'>['savedPosts']>>,
  Expect<Equal<Answers<typeof feedApi.commented>, V<'commentedPosts'>['commentedPosts']>>,
  Expect<Equal<Answers<typeof feedApi.replies>, V<'userReplies'>>>,
  Expect<Equal<Answers<typeof postApi.get>, V<'post'>>>,
  Expect<Equal<Answers<typeof postApi.get>, Post>>,
  Expect<Equal<Answers<typeof postApi.create>, V<'createPost'>['_id']>>,
  Expect<Equal<Answers<typeof postApi.comment>, V<'comment'>>>,
  Expect<Equal<Answers<typeof postApi.comments>, Comment[]>>,
  Expect<Equal<Answers<typeof postApi.search>, V<'searchPosts'>>>,
  Expect<Equal<Answers<typeof postApi.isLiked>, V<'isLiked'>>>,
  Expect<Equal<Answers<typeof userApi.get>, V<'user'>>>,
  Expect<Equal<Answers<typeof userApi.get>, User>>,
  Expect<Equal<Answers<typeof userApi.search>, V<'searchUsers'>>>,
  Expect<Equal<Answers<typeof userApi.suggestions>, V<'suggestions'>>>,
  Expect<Equal<Answers<typeof userApi.following>, V<'following'>>>,
  Expect<Equal<Answers<typeof userApi.isFollowing>, V<'isFollowing'>>>,
  Expect<Equal<Answers<typeof accountApi.currentUser>, CurrentUser>>,
  Expect<Equal<Answers<typeof accountApi.sessions>, V<'sessions'>>>,
  Expect<Equal<Answers<typeof accountApi.changeAvatar>, V<'changeAvatar'>>>,
  Expect<Equal<Answers<typeof planetApi.list>, Planet[]>>,
  Expect<Equal<Answers<typeof planetApi.get>, V<'planet'>>>,
  Expect<Equal<Answers<typeof chatApi.send>, V<'sendMessage'>>>,
  Expect<Equal<Answers<typeof chatApi.conversations>, ConversationRow[]>>,
  Expect<Equal<Answers<typeof faqApi.list>, Faq[]>>,
  Expect<Equal<Answers<typeof faqApi.search>, V<'searchFaqs'>>>,
  Expect<Equal<Answers<typeof notificationsApi.list>, V<'notifications'>>>,
];
