// Posts, replies, deletion, likes, saves, comments, post search.
import { Type } from '@sinclair/typebox';
import { CONTENT_WARNING_MAX_LENGTH, POST_MARKS_MAX, POST_MAX_LENGTH } from '../limits.js';
import { defineCall } from './call.js';
import { Comment, Post, PostVersion } from './entities.js';
import { errors, Ok, OkValue } from './envelope.js';
import { IdParams, IdText, PageQuery, PlanetLocation } from './fields.js';

const tags = ['posts'] as const;
const Toggle = { params: IdParams, response: { 200: OkValue(Type.Boolean()), ...errors(401, 404) } };
/** Liking or saving: a deleted post refuses it with 400 (issue 32); undoing one still works. */
const Add = { params: IdParams, response: { 200: OkValue(Type.Boolean()), ...errors(400, 401, 404) } };
const Content = Type.String({ minLength: 1, maxLength: POST_MAX_LENGTH });
/** Issue 35: '' or null for none (blank text is none); else it needs a visible character. */
const ContentWarning = Type.Optional(
  Type.Union([Type.String({ maxLength: CONTENT_WARNING_MAX_LENGTH }), Type.Null()], {
    description: `A content warning of up to ${CONTENT_WARNING_MAX_LENGTH} characters; '' or null for none.`,
  }),
);

export const postCalls = {
  createPost: defineCall({
    operationId: 'createPost',
    method: 'POST',
    path: '/post',
    tags,
    body: Type.Object({
      content: Content,
      location: PlanetLocation,
      parentPost: Type.Optional(Type.Union([IdText, Type.Null()])),
      contentWarning: ContentWarning,
    }),
    response: { 200: OkValue(Post), ...errors(400, 401, 404) },
  }),
  searchPosts: defineCall({
    operationId: 'searchPosts',
    method: 'GET',
    path: '/post/search/:text',
    tags,
    description:
      "Full-text search of posts, newest first; page counts from 0. A single '#tag' (issue 35) answers that tag's " +
      'posts, as GET /feed/tag/{tag}.',
    params: Type.Object({ text: Type.String({ minLength: 1, maxLength: 200 }) }),
    querystring: PageQuery,
    response: { 200: OkValue(Type.Array(Post)), ...errors(400, 401) },
  }),
  post: defineCall({
    operationId: 'post',
    method: 'GET',
    path: '/post/:id',
    tags,
    public: true,
    params: IdParams,
    response: { 200: OkValue(Post), ...errors(404) },
  }),
  deletePost: defineCall({
    operationId: 'deletePost',
    method: 'DELETE',
    path: '/post/:id',
    tags,
    description: 'Author or admin only.',
    params: IdParams,
    response: { 200: Ok, ...errors(401, 403, 404) },
  }),
  editPost: defineCall({
    operationId: 'editPost',
    method: 'PATCH',
    path: '/post/:id',
    tags,
    description:
      'The author only (issue 35): replaces the text (and the content warning, when given), sets editedAt and keeps ' +
      'the earlier text and warning in the history. The same again changes nothing. A deleted post cannot be edited.',
    params: IdParams,
    body: Type.Object({ content: Content, contentWarning: ContentWarning }),
    response: { 200: OkValue(Post), ...errors(400, 401, 403, 404) },
  }),
  postHistory: defineCall({
    operationId: 'postHistory',
    method: 'GET',
    path: '/post/:id/history',
    tags,
    public: true,
    description:
      'Every text the post has had, the first version first and the current one last (issue 35). Empty for a deleted ' +
      'post: deleting it deletes its earlier texts too.',
    params: IdParams,
    response: { 200: OkValue(Type.Array(PostVersion)), ...errors(404) },
  }),
  postMarks: defineCall({
    operationId: 'postMarks',
    method: 'GET',
    path: '/post/marks',
    tags,
    description:
      'Which of these posts you liked and which you saved: `ids` is up to 50 post ids, comma-separated. What a ' +
      "list of post cards asks once instead of each card's GET /post/{id}/like and /save (issue 34). Ids of posts " +
      'that do not exist are simply not marked.',
    querystring: Type.Object({ ids: Type.String({ minLength: 1, maxLength: POST_MARKS_MAX * 40 }) }),
    response: {
      200: OkValue(Type.Object({ liked: Type.Array(IdText), saved: Type.Array(IdText) })),
      ...errors(400, 401),
    },
  }),
  isSaved: defineCall({
    operationId: 'isSaved',
    method: 'GET',
    path: '/post/:id/save',
    tags,
    description: 'Whether you saved this post.',
    ...Toggle,
  }),
  save: defineCall({
    operationId: 'save',
    method: 'POST',
    path: '/post/:id/save',
    tags,
    description: 'save (idempotent); value = true. 400 when the post was deleted by its author.',
    ...Add,
  }),
  unsave: defineCall({
    operationId: 'unsave',
    method: 'DELETE',
    path: '/post/:id/save',
    tags,
    description: 'Undo save (idempotent); value = false.',
    ...Toggle,
  }),
  isLiked: defineCall({
    operationId: 'isLiked',
    method: 'GET',
    path: '/post/:id/like',
    tags,
    description: 'Whether you liked this post.',
    ...Toggle,
  }),
  like: defineCall({
    operationId: 'like',
    method: 'POST',
    path: '/post/:id/like',
    tags,
    description: 'like (idempotent); value = true. 400 when the post was deleted by its author.',
    ...Add,
  }),
  unlike: defineCall({
    operationId: 'unlike',
    method: 'DELETE',
    path: '/post/:id/like',
    tags,
    description: 'Undo like (idempotent); value = false.',
    ...Toggle,
  }),
  comment: defineCall({
    operationId: 'comment',
    method: 'POST',
    path: '/post/:id/comment',
    tags,
    description: '400 when the post (or comment) was deleted by its author.',
    params: IdParams,
    body: Type.Object({ content: Content }),
    response: { 200: OkValue(Comment), ...errors(400, 401, 404) },
  }),
  comments: defineCall({
    operationId: 'comments',
    method: 'GET',
    path: '/post/:id/comment',
    tags,
    public: true,
    description: 'Comments, newest first; page counts from 0.',
    params: IdParams,
    querystring: PageQuery,
    response: { 200: OkValue(Type.Array(Comment)), ...errors(400, 404) },
  }),
};
