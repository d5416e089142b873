// Profiles, user search, follow lists and toggles, liked/saved/commented history, a user's replies, suggestions.
import { type TArray, Type } from '@sinclair/typebox';
import { SUGGESTIONS_DEFAULT, SUGGESTIONS_MAX } from '../limits.js';
import { defineCall } from './call.js';
import { Post, User } from './entities.js';
import { errors, OkValue } from './envelope.js';
import { IdParams, PageQuery } from './fields.js';

const tags = ['users'] as const;
const Users = OkValue(Type.Array(User));
const Following = OkValue(Type.Boolean());
/** A history list: `value` holds the posts under `key`. */
const history = <const K extends string>(key: K) =>
  OkValue(Type.Object({ [key]: Type.Array(Post) } as Record<K, TArray<typeof Post>>));

export const profileCalls = {
  searchUsers: defineCall({
    operationId: 'searchUsers',
    method: 'GET',
    path: '/user/search/:text',
    tags,
    description: 'Users whose name contains the text; page counts from 0.',
    params: Type.Object({ text: Type.String({ minLength: 1, maxLength: 100 }) }),
    querystring: PageQuery,
    response: { 200: Users, ...errors(400, 401) },
  }),
  following: defineCall({
    operationId: 'following',
    method: 'GET',
    path: '/user/following',
    tags,
    response: { 200: Users, ...errors(401) },
  }),
  followers: defineCall({
    operationId: 'followers',
    method: 'GET',
    path: '/user/follower',
    tags,
    response: { 200: Users, ...errors(401) },
  }),
  likedPosts: defineCall({
    operationId: 'likedPosts',
    method: 'GET',
    path: '/user/liked',
    tags,
    description: 'value.likedPosts; page counts from 0.',
    querystring: PageQuery,
    response: { 200: history('likedPosts'), ...errors(400, 401) },
  }),
  savedPosts: defineCall({
    operationId: 'savedPosts',
    method: 'GET',
    path: '/user/saved',
    tags,
    description: 'value.savedPosts; page counts from 0.',
    querystring: PageQuery,
    response: { 200: history('savedPosts'), ...errors(400, 401) },
  }),
  commentedPosts: defineCall({
    operationId: 'commentedPosts',
    method: 'GET',
    path: '/user/commented',
    tags,
    description: 'value.commentedPosts; page counts from 0.',
    querystring: PageQuery,
    response: { 200: history('commentedPosts'), ...errors(400, 401) },
  }),
  suggestions: defineCall({
    operationId: 'suggestions',
    method: 'GET',
    path: '/user/suggestions',
    tags,
    description:
      'People you might follow: not you, not deleted, not followed yet; your home planet first, then the most followed.',
    querystring: Type.Object({
      limit: Type.Optional(
        Type.String({
          pattern: '^[0-9]{1,3}$',
          description: `How many, 1 to ${SUGGESTIONS_MAX} (default ${SUGGESTIONS_DEFAULT}).`,
        }),
      ),
    }),
    response: { 200: Users, ...errors(400, 401) },
  }),
  user: defineCall({
    operationId: 'user',
    method: 'GET',
    path: '/user/:id',
    tags,
    params: IdParams,
    response: { 200: OkValue(User), ...errors(401, 404) },
  }),
  userReplies: defineCall({
    operationId: 'userReplies',
    method: 'GET',
    path: '/user/:id/replies',
    tags,
    description:
      "The user's replies (comments and reply posts), newest first, each with parentPost and parentPreview; page counts from 0.",
    params: IdParams,
    querystring: PageQuery,
    response: { 200: OkValue(Type.Array(Post)), ...errors(400, 401, 404) },
  }),
  isFollowing: defineCall({
    operationId: 'isFollowing',
    method: 'GET',
    path: '/user/:id/follow',
    tags,
    description: 'Whether you follow this user.',
    params: IdParams,
    response: { 200: Following, ...errors(400, 401, 404) },
  }),
  follow: defineCall({
    operationId: 'follow',
    method: 'POST',
    path: '/user/:id/follow',
    tags,
    description: 'Follow (idempotent); value = true.',
    params: IdParams,
    response: { 200: Following, ...errors(400, 401, 404) },
  }),
  unfollow: defineCall({
    operationId: 'unfollow',
    method: 'DELETE',
    path: '/user/:id/follow',
    tags,
    description: 'Unfollow (idempotent); value = false.',
    params: IdParams,
    response: { 200: Following, ...errors(400, 401, 404) },
  }),
};
