// Galaxy feed (page from 1), a planet's feed (page from 1), a user's feed (page from 0). 20 a page, newest first.
import { Type } from '@sinclair/typebox';
import { defineCall } from './call.js';
import { Post } from './entities.js';
import { errors, OkValue } from './envelope.js';
import { IdParams, PageQuery } from './fields.js';

const tags = ['feeds'] as const;
const response = { 200: OkValue(Type.Array(Post)), ...errors(400, 401, 404) };

export const feedCalls = {
  galaxyFeed: defineCall({
    operationId: 'galaxyFeed',
    method: 'GET',
    path: '/feed',
    tags,
    description: 'Galaxy feed; page counts from 1.',
    querystring: PageQuery,
    response,
  }),
  followingFeed: defineCall({
    operationId: 'followingFeed',
    method: 'GET',
    path: '/feed/following',
    tags,
    description:
      "The Following timeline (issue 35): the reader's own posts and those of the people they follow, newest first, " +
      '20 a page, page from 1; its newest 800 only (past them, an empty page ends it). Signed in only.',
    querystring: PageQuery,
    response,
  }),
  tagFeed: defineCall({
    operationId: 'tagFeed',
    method: 'GET',
    path: '/feed/tag/:tag',
    tags,
    description:
      "The posts tagged #tag (issue 35), newest first, 20 a page, page from 1; the reader's filters as any feed's. The " +
      "tag: 1-50 letters, digits or '_', any case, a leading '#' (sent as %23) left out; otherwise 400. A tag no post " +
      'has: an empty list.',
    params: Type.Object({ tag: Type.String({ minLength: 1, maxLength: 200 }) }),
    querystring: PageQuery,
    response,
  }),
  tagSuggestions: defineCall({
    operationId: 'tagSuggestions',
    method: 'GET',
    path: '/feed/tags/:prefix',
    tags,
    description:
      "Up to 5 tags that begin with the text (issue 35: the composer's suggestions), the most used first among the " +
      "first 5,000 posts of such tags in tag order; a leading '#' (sent as %23) left out, any case; not a tag's start: 400.",
    params: Type.Object({ prefix: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: { 200: OkValue(Type.Array(Type.String())), ...errors(400, 401) },
  }),
  feedOf: defineCall({
    operationId: 'feedOf',
    method: 'GET',
    path: '/feed/:id',
    tags,
    description:
      "A planet's feed (id = planet id, page from 1) or a user's feed (id = user id, page from 0).",
    params: IdParams,
    querystring: PageQuery,
    response,
  }),
};
