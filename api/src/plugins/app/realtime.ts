import {
  type ConversationStartedPayload,
  type FeedPostPayload,
  FOLLOWING_FEED,
  GALAXY_FEED,
  type JoinAck,
  type NewMessagePayload,
  PLANETS,
  SOCKET_EVENTS,
  SOCKET_PATH,
  type SocketAck,
  type UnreadCounts,
} from '@skynet/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import type { Config } from '../../config.js';
import { isUuid } from '../../lib/ids.js';
import { closeRedis, connectBounded, type RedisClient, watchRedis } from '../external/redis.js';
import type { MessageRow } from './chat-repository.js';
import { createEventLimiter, limitSocketEvents } from './socket-limit.js';

/** Event names of the live chat: @skynet/contract's, which the front end's socket client uses too. */
const EVENTS = SOCKET_EVENTS;

export const conversationRoom = (id: string) => `conversation:${id}`;
export const userRoom = (id: string) => `user:${id}`;
/** The room of a feed's followers: the galaxy's, or one planet's (contract FeedName). */
export const feedRoom = (feed: string) => (feed === GALAXY_FEED ? 'feed:galaxy' : `feed:planet:${feed}`);
/** The room of one reader's Following timeline (issue 35): only that reader's sockets join it. */
export const followingRoom = (userId: string) => `feed:following:${userId}`;
const FEED_ROOM_PREFIX = 'feed:';
/** A planet id is short; anything longer is refused before the database is asked. */
const FEED_NAME_MAX = 64;

type Ack = (answer: JoinAck) => void;

/**
 * The optional options of a conversation's join (contract JoinOptions) or a feed's follow (FollowFeedOptions): absent,
 * or an object naming only `after`, the id of the newest message or post the client shows (null: none yet). Returns
 * whether options were given, with the cursor, or an error text for the acknowledgement.
 */
function cursorOptions(
  value: unknown,
  call: 'join' | 'follow',
  item: 'message' | 'post',
): { given: boolean; after: string | null } | string {
  if (value === undefined || value === null || typeof value === 'function')
    return { given: false, after: null };
  if (typeof value !== 'object' || Array.isArray(value)) return `The ${call} options must be an object.`;
  if (Object.keys(value).some((k) => k !== 'after')) return `The ${call} options may only name \`after\`.`;
  const after: unknown = (value as { after?: unknown }).after;
  if (after === undefined || after === null) return { given: true, after: null };
  if (typeof after !== 'string' || !isUuid(after)) return `\`after\` must be the id of a ${item}.`;
  return { given: true, after };
}

export interface Realtime {
  io: Server;
  /**
   * Sends one new message (as send() stored it) to everyone who joined its conversation, on every process with the
   * Redis adapter: one message crosses Redis and each socket, whatever the conversation's length.
   */
  newMessage(stored: MessageRow): void;
  conversationStarted(conversationId: string, a: string, b: string): void;
  /** A person's whole unread counts, to their own room (every tab, on every process): notifications.ts calls it. */
  unreadCounts(userId: string, counts: UnreadCounts): void;
  /**
   * A post the feeds show was published: the galaxy's followers and its planet's hear of it (id and planet only: the
   * client fetches page 1 when the reader asks). Replies count only while the feeds show them (the caller decides).
   */
  /** A new post: the galaxy's and its planet's rooms hear of it, but for the sockets of `except` (issue 31). */
  newPost(post: FeedPostPayload, except?: string[]): void;
  /** A post reached these readers' Following timelines (issue 35): their sockets on that tab hear of it. */
  timelinePost(owners: string[], post: FeedPostPayload, except?: string[]): void;
  /** A post was deleted: the same rooms drop it from what they announced. */
  postDeleted(post: FeedPostPayload): void;
  /** Disconnects a user's sockets everywhere (password change, deletion). */
  disconnectUser(userId: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * The adapter calls `pubClient.publish()` without handling its promise: with no offline queue a publish while Redis
 * is away rejects, and an unhandled rejection would end the process. This view of the client catches (and counts)
 * those; everything else goes to the client itself.
 */
function publishingQuietly(client: RedisClient, log: FastifyBaseLogger): RedisClient {
  let failed = 0;
  const publish = (channel: string, message: string | Buffer) =>
    client.publish(channel, message).catch((err: Error) => {
      failed += 1;
      if (failed === 1 || failed % 1000 === 0)
        log.warn({ err, failed }, 'socket.io: publish to Redis failed; delivered on this process only');
      return 0;
    });
  client.on('ready', () => {
    failed = 0;
  });
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'publish') return publish;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The adapter subscribes once, when it is created, and does not handle the promise: if Redis is not there at that
 * moment the subscription rejects unhandled (ending the process) and is never made again. This view of the subscriber
 * client makes each (un)subscription when the client is ready (now, or when it connects), retries it at the next
 * connection if it fails on the way, and never rejects. Once made, node-redis renews it on every reconnection.
 */
function subscribingWhenReady(client: RedisClient, log: FastifyBaseLogger): RedisClient {
  const methods = new Set(['subscribe', 'pSubscribe', 'unsubscribe', 'pUnsubscribe']);
  const whenReady = (name: string, args: unknown[]): Promise<void> => {
    const attempt = (): Promise<void> =>
      (Reflect.get(client, name, client) as (...a: unknown[]) => Promise<unknown>).apply(client, args).then(
        () => undefined,
        (err: Error) => {
          log.warn({ err }, `socket.io: Redis ${name} failed; trying again when Redis is back`);
          return new Promise<void>((resolve) => client.once('ready', () => resolve(attempt())));
        },
      );
    if (client.isReady) return attempt();
    return new Promise<void>((resolve) => client.once('ready', () => resolve(attempt())));
  };
  return new Proxy(client, {
    get(target, prop) {
      if (typeof prop === 'string' && methods.has(prop)) return (...args: unknown[]) => whenReady(prop, args);
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function realtimePlugin(app: FastifyInstance, opts: { config: Config }) {
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: { origin: opts.config.corsOrigins.length > 0 ? opts.config.corsOrigins : false, credentials: true },
  });

  if (app.redis) {
    // Both inherit the main client's fail-fast options (redis.ts): while Redis is away a publish fails at once, the
    // adapter still delivers to this process's own sockets, and nothing queued is replayed late when it returns; the
    // subscriber resubscribes by itself on reconnection.
    const pub = app.redis.duplicate();
    const sub = app.redis.duplicate();
    watchRedis(pub, app.log, 'redis pub');
    watchRedis(sub, app.log, 'redis sub');
    // If the main client could not connect at start, these do not wait either (they keep trying in the background).
    const wait = app.redis.isReady ? 5_000 : 0;
    await Promise.all([
      connectBounded(pub, app.log, 'redis pub', wait),
      connectBounded(sub, app.log, 'redis sub', wait),
    ]);
    io.adapter(
      createAdapter(publishingQuietly(pub, app.log), subscribingWhenReady(sub, app.log), {
        key: 'skynet:io',
      }),
    );
    app.addHook('onClose', async () => {
      await Promise.allSettled([closeRedis(pub), closeRedis(sub)]);
    });
  }

  // The handshake must carry a valid token in auth.token, checked exactly as HTTP checks a bearer token (auth.ts,
  // tokens.verify). White space before it is ignored, as after `Bearer` in the header.
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token === '') {
      next(new Error('Authentication required: send a valid token in auth.token.'));
      return;
    }
    app.tokens
      .verify(token.trimStart())
      .then((user) => {
        if (!user) return next(new Error('The token is not valid or has expired.'));
        socket.data.userId = user.id;
        socket.join(userRoom(user.id));
        next();
      })
      .catch((err: Error) => {
        app.log.error({ err }, 'socket authentication failed');
        next(new Error('Authentication failed.'));
      });
  });

  // Every event a socket sends counts against its person's limit (issue 21: rate limits on socket events).
  const eventLimiter = createEventLimiter({
    enabled: opts.config.rateLimit,
    redis: app.redis && app.redisDeadline ? { client: app.redis, deadline: app.redisDeadline } : null,
    log: app.log,
  });
  io.on('connection', (socket) => {
    const userId = socket.data.userId as string;
    limitSocketEvents(socket, userId, eventLimiter);
    // sendID(conversationId, ack) as the spec has it, or sendID(conversationId, { after }, ack) to also catch up.
    socket.on(EVENTS.join, (conversationId: unknown, second?: unknown, third?: unknown) => {
      // The acknowledgement is the last argument, whatever came before: sendID(ack) without an id is answered too.
      const ack = [third, second, conversationId].find((a) => typeof a === 'function') ?? null;
      const reply: Ack = ack ? (ack as Ack) : () => {};
      // Without options there is no catch-up: the spec's sendID(conversationId, ack).
      const options = cursorOptions(second, 'join', 'message');
      if (typeof options === 'string') {
        reply({ ok: false, error: options });
        return;
      }
      if (typeof conversationId !== 'string' || !isUuid(conversationId)) {
        reply({ ok: false, error: 'That conversation does not exist.' });
        return;
      }
      app.chatRepository
        .isMember(conversationId, userId)
        .then(async (member) => {
          if (!member) return reply({ ok: false, error: 'You are not part of that conversation.' });
          // In the room before reading what was missed: a message stored meanwhile comes live, in the answer, or
          // both (the client keeps one by its id); none falls between the two.
          await socket.join(conversationRoom(conversationId));
          if (!options.given) return reply({ ok: true });
          const catchUp = await app.chatRepository.catchUp(conversationId, options.after);
          if (!catchUp) return reply({ ok: false, error: 'That conversation does not exist.' });
          reply({ ok: true, catchUp });
        })
        .catch((err: Error) => {
          app.log.error({ err }, 'sendID failed');
          reply({ ok: false, error: 'Could not join the conversation.' });
        });
    });
    socket.on(EVENTS.leave, (conversationId: unknown) => {
      if (typeof conversationId === 'string') void socket.leave(conversationRoom(conversationId));
    });
    // followFeed(feed, [options], ack): the galaxy or a planet that exists; one feed per socket (the page shows one
    // feed). With `after` (the newest post the client shows), the posts published since then are announced to this
    // socket once it is in the room: a post published between the client's read of page 1 and this join would
    // otherwise be announced to nobody.
    socket.on(EVENTS.followFeed, (feed: unknown, ...rest: unknown[]) => {
      const ack = rest.at(-1);
      const reply = (typeof ack === 'function' ? ack : () => {}) as (answer: SocketAck) => void;
      if (typeof feed !== 'string' || feed === '' || feed.length > FEED_NAME_MAX) {
        reply({ ok: false, error: `The feed must be '${GALAXY_FEED}' or a planet id.` });
        return;
      }
      const options = cursorOptions(rest.length > 1 ? rest[0] : undefined, 'follow', 'post');
      if (typeof options === 'string') {
        reply({ ok: false, error: options });
        return;
      }
      const following = feed === FOLLOWING_FEED;
      const known =
        following || feed === GALAXY_FEED || PLANETS.some((p) => p.id === feed)
          ? Promise.resolve(true)
          : app.planetsRepository.exists(feed);
      known
        .then(async (exists) => {
          if (!exists) return reply({ ok: false, error: 'That planet does not exist.' });
          const room = following ? followingRoom(userId) : feedRoom(feed);
          for (const joined of socket.rooms)
            if (joined.startsWith(FEED_ROOM_PREFIX) && joined !== room) await socket.leave(joined);
          await socket.join(room);
          if (options.after) {
            // Page 1 as any reader gets it now (the feed cache's key follows new posts); announced oldest first.
            const page = following
              ? await app.timelines.page(userId, 0)
              : feed === GALAXY_FEED
                ? await app.postsRepository.galaxy(0)
                : await app.postsRepository.planet(feed, 0);
            const at = page.findIndex((post) => post._id === options.after);
            const missed = (at < 0 ? page : page.slice(0, at)).filter((post) => !post.deleted).reverse();
            for (const post of missed)
              socket.emit(EVENTS.newPost, {
                id: post._id,
                planetId: post.location.planetId,
              } satisfies FeedPostPayload);
          }
          reply({ ok: true });
        })
        .catch((err: Error) => {
          app.log.error({ err }, 'followFeed failed');
          reply({ ok: false, error: 'Could not follow the feed.' });
        });
    });
    socket.on(EVENTS.unfollowFeed, (feed: unknown) => {
      if (typeof feed === 'string' && feed.length <= FEED_NAME_MAX) void socket.leave(feedRoom(feed));
    });
  });

  // Once shutdown starts, requests still finishing must not emit: with the Redis adapter the emit would
  // publish on a client that onClose is closing, and its rejection would crash the process.
  let closing = false;
  const realtime: Realtime = {
    io,
    newMessage(stored) {
      if (closing) return;
      const payload: NewMessagePayload = {
        _id: stored.id,
        content: stored.content,
        senderId: stored.sender_id,
        createdAt: new Date(stored.created_at).toISOString(),
        conversationId: stored.conversation_id,
        seq: stored.seq,
      };
      io.to(conversationRoom(stored.conversation_id)).emit(EVENTS.newMessage, payload);
    },
    conversationStarted(conversationId, a, b) {
      if (closing) return;
      io.to(userRoom(a)).emit(EVENTS.conversationStarted, {
        conversationId,
        userId: b,
      } satisfies ConversationStartedPayload);
      io.to(userRoom(b)).emit(EVENTS.conversationStarted, {
        conversationId,
        userId: a,
      } satisfies ConversationStartedPayload);
    },
    newPost(post, except = []) {
      if (closing) return;
      const payload: FeedPostPayload = { id: post.id, planetId: post.planetId };
      // One emit to both rooms: a socket in both hears it once (socket.io deduplicates), once through Redis.
      io.to([feedRoom(GALAXY_FEED), feedRoom(post.planetId)])
        .except(except.map(userRoom))
        .emit(EVENTS.newPost, payload);
    },
    timelinePost(owners, post, except = []) {
      if (closing || owners.length === 0) return;
      const payload: FeedPostPayload = { id: post.id, planetId: post.planetId };
      io.to(owners.map(followingRoom)).except(except.map(userRoom)).emit(EVENTS.newPost, payload);
    },
    postDeleted(post) {
      if (closing) return;
      const payload: FeedPostPayload = { id: post.id, planetId: post.planetId };
      io.to([feedRoom(GALAXY_FEED), feedRoom(post.planetId)]).emit(EVENTS.postDeleted, payload);
    },
    unreadCounts(userId, counts) {
      if (!closing) io.to(userRoom(userId)).emit(EVENTS.unreadCounts, counts);
    },
    disconnectUser(userId) {
      if (!closing) io.in(userRoom(userId)).disconnectSockets(true);
    },
  };
  app.decorate('realtime', realtime);

  // Close sockets before the HTTP server closes; io.close() would close fastify's server a second time.
  app.addHook('preClose', async () => {
    closing = true;
    io.local.disconnectSockets(true);
    io.engine.close();
  });
}

export default fp(realtimePlugin, {
  name: 'realtime',
  dependencies: ['auth', 'chat-repository', 'planets-repository', 'redis', 'timelines'],
});
