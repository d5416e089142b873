// Type test (compiled by `npm run typecheck`, never run): each typed call of the kit answers exactly what the API's
// schema in @skynet/contract says the call answers. A call typed by hand, or a schema changed so that a call no
// longer fits, fails the kit's typecheck here.
import type { Comment, ConversationRow, CurrentUser, Faq, Planet, Post, User } from '@skynet/contract';
import type {
  calls,
  exportCalls,
  reportCalls,
  safetyCalls,
  securityCalls,
  Value,
} from '@skynet/contract/api';
import type { accountApi, chatApi, faqApi, feedApi, planetApi, postApi, userApi } from './index';
import type { notificationsApi } from './notifications';
import type { postEditApi } from './postEdits';
import type { exportApi, reportApi, safetyApi } from './safety';
import type { secondFactorApi } from './secondFactor';
import type { securityApi } from './security';

/** true when A and B are the same type (not merely assignable). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
type Answers<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
type V<K extends keyof typeof calls> = Value<(typeof calls)[K]>;
/** Issue 31's groups, not in `calls` until their routes land. */
type Safety = typeof safetyCalls & typeof reportCalls & typeof exportCalls;
type S<K extends keyof Safety> = Value<Safety[K]>;
/** Issue 32's group (`securityCalls`), which the kit's security calls are typed from. */
type Sec<K extends keyof typeof securityCalls> = Value<(typeof securityCalls)[K]>;

export type Checks = [
  Expect<Equal<Answers<typeof feedApi.galaxy>, V<'galaxyFeed'>>>,
  Expect<Equal<Answers<typeof feedApi.galaxy>, Post[]>>,
  Expect<Equal<Answers<typeof feedApi.of>, V<'feedOf'>>>,
  Expect<Equal<Answers<typeof feedApi.tag>, V<'tagFeed'>>>,
  Expect<Equal<Answers<typeof feedApi.tagSuggestions>, V<'tagSuggestions'>>>,
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
  Expect<Equal<Answers<typeof postEditApi.edit>, V<'editPost'>>>,
  Expect<Equal<Answers<typeof postEditApi.history>, V<'postHistory'>>>,
  Expect<Equal<Answers<typeof faqApi.list>, Faq[]>>,
  Expect<Equal<Answers<typeof faqApi.search>, V<'searchFaqs'>>>,
  Expect<Equal<Answers<typeof notificationsApi.list>, V<'notifications'>>>,
  Expect<Equal<Answers<typeof safetyApi.block>, S<'block'>>>,
  Expect<Equal<Answers<typeof safetyApi.unblock>, S<'unblock'>>>,
  Expect<Equal<Answers<typeof safetyApi.blocks>, S<'blocks'>>>,
  Expect<Equal<Answers<typeof safetyApi.mute>, S<'mute'>>>,
  Expect<Equal<Answers<typeof safetyApi.unmute>, S<'unmute'>>>,
  Expect<Equal<Answers<typeof safetyApi.mutes>, S<'mutes'>>>,
  Expect<Equal<Answers<typeof safetyApi.mutedWords>, S<'mutedWords'>>>,
  Expect<Equal<Answers<typeof safetyApi.addMutedWord>, S<'addMutedWord'>>>,
  Expect<Equal<Answers<typeof safetyApi.removeMutedWord>, S<'removeMutedWord'>>>,
  Expect<Equal<Answers<typeof safetyApi.messagePolicy>, S<'messagePolicy'>>>,
  Expect<Equal<Answers<typeof reportApi.report>, S<'report'>['_id']>>,
  Expect<Equal<Answers<typeof exportApi.requestExport>, S<'requestExport'>>>,
  Expect<Equal<Answers<typeof exportApi.exports>, S<'exports'>>>,
  Expect<Equal<Answers<typeof securityApi.overview>, Sec<'accountSecurity'>>>,
  Expect<Equal<Answers<typeof securityApi.activity>, Sec<'activity'>>>,
  Expect<Equal<Answers<typeof securityApi.setupTotp>, Sec<'totpSetup'>>>,
  Expect<Equal<Answers<typeof securityApi.enableTotp>, Sec<'totpEnable'>['recoveryCodes']>>,
  Expect<Equal<Answers<typeof securityApi.renewRecoveryCodes>, Sec<'recoveryCodes'>['recoveryCodes']>>,
  Expect<Equal<Answers<typeof securityApi.passkeyOptions>, Sec<'passkeyOptions'>>>,
  Expect<Equal<Answers<typeof securityApi.addPasskey>, Sec<'passkeyAdd'>>>,
  Expect<Equal<Answers<typeof secondFactorApi.withCode>, Sec<'loginSecondFactor'>>>,
];
