// Typed functions for every call of spec point 7. Each returns what the screen needs and throws on failure;
// `errorText(error)` turns a failure into the text to show.
import type { Envelope, Id } from '@skynet/contract';
import {
  cacheIds,
  getEnvelope as get,
  getRuntimeConfig,
  http,
  session,
  sessionCalls,
  unwrap,
} from '@skynet/shared';
import { messageOf, seg } from './answers';
import { cachedToggle, cacheToggle, postMarks } from './postMarks';
import type { AnswerOf, BodyOf, ValueOf } from './types';

export { authApi } from './auth';
export {
  type AuditEntry,
  type ModerationAction,
  moderationApi,
  type PersonMeasure,
  type Report,
  type ReportStatus,
} from './moderation';
export { notificationsApi } from './notifications';
export { postEditApi } from './postEdits';
export {
  RELEASE_REASON_MAX_LENGTH,
  type RegistryIdentity,
  type ReleaseAction,
  type ReleaseAnalysis,
  type ReleasesOverview,
  type RemoteRelease,
  releaseApi,
} from './releases';
export {
  type BlockedPerson,
  type DataExportEntry,
  exportApi,
  type MessagePolicyValue,
  type MutedWordEntry,
  type ReportBody,
  type ReportReasonValue,
  reportApi,
  type SafetyBodyOf,
  type SafetyCallName,
  type SafetyValueOf,
  safetyApi,
} from './safety';
export { secondFactorApi, secondFactorOf } from './secondFactor';
export {
  type AccountSecurityInfo,
  type PasskeyEntry,
  type SecondFactorChallenge,
  type SecurityBodyOf,
  type SecurityCallName,
  type SecurityEventEntry,
  type SecurityValueOf,
  securityApi,
  type WebAuthnJson,
} from './security';
export type { AnswerOf, BodyOf, ValueOf } from './types';
export { verifyEmailApi } from './verifyEmail';

/** One of your sessions (sign-ins), as GET /user/sessions answers it. */
export type SessionInfo = ValueOf<'sessions'>[number];

export const accountApi = {
  currentUser: (): Promise<ValueOf<'currentUser'>> => sessionCalls.currentUser(),
  /**
   * The API retires every older token when the password changes and answers a fresh one in `value`: the session
   * keeps it and reopens the live socket with it, so the person stays signed in.
   */
  async changePassword(password: string, newpassword: string, confirmpassword: string): Promise<string> {
    const response = await http.patch<AnswerOf<'changePassword'>>('/user/changepassword', {
      password,
      newpassword,
      confirmpassword,
    } satisfies BodyOf<'changePassword'>);
    const fresh = (response.data as { value?: unknown }).value;
    if (typeof fresh === 'string' && fresh) session.replaceToken(fresh);
    return messageOf(response);
  },
  async changeUsername(newUsername: string): Promise<string> {
    return messageOf(
      await http.patch('/user/changeUsername', { newUsername } satisfies BodyOf<'changeUsername'>),
    );
  },
  /** Asks for the change (the current password proves it is you); it takes effect through the mailed link. */
  async changeEmail(
    currEmail: string,
    newEmail: string,
    confirmEmail: string,
    password?: string,
  ): Promise<string> {
    return messageOf(
      await http.patch('/user/changeEmail', {
        currEmail,
        newEmail,
        confirmEmail,
        ...(password === undefined ? {} : { password }),
      } satisfies BodyOf<'changeEmail'>),
    );
  },
  async changeBio(newBio: string): Promise<string> {
    return messageOf(await http.patch('/user/changeBio', { newBio } satisfies BodyOf<'changeBio'>));
  },
  /** The phrase, and the current password (none for an identity-provider account, which signed in recently). */
  async deleteAccount(confirmationInput: string, password?: string): Promise<string> {
    return messageOf(
      await http.post('/user/deleteaccount/delete', {
        confirmationInput,
        ...(password === undefined ? {} : { password }),
      } satisfies BodyOf<'deleteAccount'>),
    );
  },
  /** Your live sessions, most recently used first. */
  async sessions(): Promise<SessionInfo[]> {
    return unwrap((await http.get<Envelope<ValueOf<'sessions'>>>('/user/sessions', { cache: false })).data);
  },
  /** Signs one session out (its tokens and live connections end). */
  async signOutSession(id: string): Promise<string> {
    return messageOf(await http.delete(`/user/sessions/${seg(id)}`));
  },
  /** Every session ends, this one included. */
  async signOutEverywhere(): Promise<string> {
    return messageOf(await http.delete('/user/sessions'));
  },
  /** Uploads a data URL; answers the new avatar URL. */
  async changeAvatar(avatarDataUrl: string, onProgress?: (fraction: number) => void): Promise<string> {
    const response = await http.patch<Envelope<ValueOf<'changeAvatar'>>>(
      '/user/changeavatar',
      { avatarDataUrl } satisfies BodyOf<'changeAvatar'>,
      { onUploadProgress: (event) => onProgress?.(event.total ? event.loaded / event.total : 0) },
    );
    return unwrap(response.data);
  },
};

export const planetApi = {
  async list(): Promise<ValueOf<'planets'>> {
    return unwrap(await get<ValueOf<'planets'>>('/planet', { id: cacheIds.planets() }));
  },
  async get(id: Id): Promise<ValueOf<'planet'>> {
    return unwrap(await get<ValueOf<'planet'>>(`/planet/${seg(id)}`));
  },
};

export const feedApi = {
  /** Galaxy feed, pages from 1. */
  async galaxy(page: number): Promise<ValueOf<'galaxyFeed'>> {
    return unwrap(await get<ValueOf<'galaxyFeed'>>('/feed', { params: { page } }));
  },
  /** The reader's Following timeline (issue 35), pages from 1. */
  async following(page: number): Promise<ValueOf<'followingFeed'>> {
    return unwrap(await get<ValueOf<'followingFeed'>>('/feed/following', { params: { page } }));
  },
  /** A hashtag's posts (issue 35), pages from 1; the tag without its '#'. */
  async tag(tag: string, page: number): Promise<ValueOf<'tagFeed'>> {
    return unwrap(await get<ValueOf<'tagFeed'>>(`/feed/tag/${seg(tag)}`, { params: { page } }));
  },
  /** Up to 5 tags that begin with `prefix` (no '#'), the most used first: the composer's suggestions (issue 35). */
  async tagSuggestions(prefix: string): Promise<ValueOf<'tagSuggestions'>> {
    return unwrap(await get<ValueOf<'tagSuggestions'>>(`/feed/tags/${seg(prefix)}`));
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

export const postApi = {
  /** The post as its detail page shows it: never from the cache. */
  async get(id: Id): Promise<ValueOf<'post'>> {
    return unwrap(await get<ValueOf<'post'>>(`/post/${seg(id)}`, { cache: false }));
  },
  /** A reply's parent, cached for 5 minutes (spec point 7). */
  async parent(id: Id): Promise<ValueOf<'post'>> {
    return unwrap(await get<ValueOf<'post'>>(`/post/${seg(id)}`, { id: cacheIds.post(id) }));
  },
  /**
   * The position is the author's own (coordinates are required here, though answers give them only to owners).
   * `contentWarning` (issue 35): the text is folded behind it.
   */
  async create(
    content: string,
    location: BodyOf<'createPost'>['location'],
    { parentPost, contentWarning }: { parentPost?: Id; contentWarning?: string } = {},
  ): Promise<Id> {
    const body = { content, location, parentPost, contentWarning } satisfies BodyOf<'createPost'>;
    const envelope = (await http.post<Envelope<ValueOf<'createPost'>>>('/post', body)).data;
    return unwrap(envelope)._id;
  },
  async remove(id: Id): Promise<void> {
    await http.delete(`/post/${seg(id)}`);
    await http.storage.remove(cacheIds.post(id));
  },
  /** From the post's cached answer, else asked with the other cards' (postMarks.ts). */
  async isLiked(id: Id): Promise<boolean> {
    return (await cachedToggle(cacheIds.like(id))) ?? (await postMarks(id)).liked.includes(id);
  },
  async setLiked(id: Id, liked: boolean): Promise<void> {
    if (liked) await http.post(`/post/${seg(id)}/like`);
    else await http.delete(`/post/${seg(id)}/like`);
    await cacheToggle(cacheIds.like(id), liked); // the next read shows the new state (spec point 7)
  },
  async isSaved(id: Id): Promise<boolean> {
    return (await cachedToggle(cacheIds.save(id))) ?? (await postMarks(id)).saved.includes(id);
  },
  async setSaved(id: Id, saved: boolean): Promise<void> {
    if (saved) await http.post(`/post/${seg(id)}/save`);
    else await http.delete(`/post/${seg(id)}/save`);
    await cacheToggle(cacheIds.save(id), saved);
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

export interface ChatHistory {
  days: AnswerOf<'chatHistory'>['message'];
  conversationId: Id | null;
}

/**
 * A fresh Idempotency-Key for one chat message: a UUID. crypto.randomUUID exists only in secure contexts (https,
 * localhost); getRandomValues everywhere.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The keys of sends that failed, by receiver and text. A failed send may still have been stored (its answer lost on
 * the way back), and the chat's retry is sending the same text again (a failed send keeps it in the input): that
 * send reuses the key, so the server answers the stored message instead of storing it twice. Forgotten once a send
 * of that text succeeds, so a later message with the same words is a new message.
 */
const failedSendKeys = new Map<string, string>();
/** Most remembered failed sends (the oldest go first). */
const FAILED_SEND_KEYS_MAX = 50;

export const chatApi = {
  /** The conversation as the GET twin of the spec's POST /user/getchats asks it (the page's HTML starts it too). */
  async history(receiverId: Id): Promise<ChatHistory> {
    const data = (
      await http.get<Partial<AnswerOf<'conversation'>>>(`/user/conversations/${seg(receiverId)}`, {
        cache: false,
      })
    ).data;
    const days = Array.isArray(data.message) ? data.message : [];
    const conversationId = data.conversationId ?? days[0]?.messages[0]?.conversationId ?? null;
    return { days, conversationId };
  },
  /** Sends one message, exactly once however often it is retried (see failedSendKeys). */
  async send(receiverId: Id, content: string): Promise<ValueOf<'sendMessage'>> {
    const slot = `${receiverId}\n${content}`;
    const key = failedSendKeys.get(slot) ?? newIdempotencyKey();
    failedSendKeys.delete(slot);
    try {
      return unwrap(
        (
          await http.post<Envelope<ValueOf<'sendMessage'>>>(
            '/user/chat',
            { content, receiverId } satisfies BodyOf<'sendMessage'>,
            { headers: { 'Idempotency-Key': key } },
          )
        ).data,
      );
    } catch (error) {
      failedSendKeys.set(slot, key);
      if (failedSendKeys.size > FAILED_SEND_KEYS_MAX) {
        const oldest = failedSendKeys.keys().next().value;
        if (oldest !== undefined) failedSendKeys.delete(oldest);
      }
      throw error;
    }
  },
  /** The list as the GET twin of the spec's POST asks it (the page's HTML starts it too): never from the cache. */
  async conversations(): Promise<AnswerOf<'conversationList'>['data']> {
    const data = (
      await http.get<Partial<AnswerOf<'conversationList'>>>('/user/conversations', { cache: false })
    ).data;
    return Array.isArray(data.data) ? data.data : [];
  },
};

export const faqApi = {
  async list(): Promise<ValueOf<'faqs'>> {
    return unwrap(await get<ValueOf<'faqs'>>('/faqs'));
  },
  async search(query: string): Promise<ValueOf<'searchFaqs'>> {
    const body = { query } satisfies BodyOf<'searchFaqs'>;
    return unwrap((await http.post<Envelope<ValueOf<'searchFaqs'>>>('/faqs', body)).data);
  },
};

export const platformApi = {
  /**
   * Plain fetch, not the HTTP client: a page that makes no other call never downloads axios for its reports. Not
   * `keepalive` (a page being left sends its last reports with sendBeacon instead), and the answer is always read:
   * a keepalive request, or one whose refused answer is left unread, stays open in the browser. The body carries
   * the page token (counted only with it, issue 33); the answer is an empty 204.
   */
  async report(body: BodyOf<'reportPlatformEvents'>): Promise<void> {
    const response = await fetch(`${getRuntimeConfig().apiBaseUrl}/platform/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const answer = await response.text();
    if (!response.ok) throw new Error(`POST /platform/events answered ${response.status}: ${answer}`);
  },
};
