import { LRUCache } from 'lru-cache';
import type { Post } from '../schemas/entities.js';

/**
 * In-process cache of feed pages (galaxy, planet, author) keyed by the page's range of the feed's gapless counter, not
 * by page number: page n of a feed whose counter stands at `top` is the range (top - 20n - 20, top - 20n], and a new
 * post only moves `top`, so every cached range stays valid and is found again under its new page number. What can
 * change inside a range invalidates it: a like or unlike, a comment (the count), a deletion (the post, and the parent
 * preview of its replies), an author's new name or avatar, the purge of deleted accounts (those two clear it all).
 *
 * Reads must be exact at once (a like is visible on the next read), so:
 * - a page is served from the cache only when this process knows the feed's current `top` (from its own writes, its
 *   own reads, and the other processes' writes announced over Redis, see `FeedCacheBus`);
 * - a page read from the database is stored only if no invalidation happened while it was read (`epoch`), so a read
 *   racing a like never stores the count from before it;
 * - with several processes the cache serves only while this process's Redis subscription is up (each write is
 *   published before the write's response is sent); when it drops, everything is cleared and reads go to PostgreSQL.
 * A TTL bounds what a path not listed above could leave stale.
 */
export interface FeedCacheOptions {
  /** Bound on the cached pages' estimated size, bytes. */
  maxBytes?: number;
  ttlMs?: number;
  pageSize: number;
}

export type FeedChange =
  | { kind: 'posted'; tops: [feed: string, top: number][] }
  | { kind: 'changed'; ids: string[] }
  | { kind: 'clear' };

/**
 * A cached post's share of the heap: the object with its strings and location (measured: about 1,400 bytes for an
 * 80-character post, node 20), its entries in `holders` and its page's array, and its text at two bytes a character
 * (V8 keeps non-Latin-1 text that way). The first estimate (300 + text) undercounted the heap about three times:
 * the 32 MB bound held about 100 MB, and one API process's RSS stayed 180 MB higher after issue 23's feed load.
 */
const postBytes = (p: Post) =>
  1600 + (p.content.length + p.userName.length + (p.parentPreview?.length ?? 0)) * 2;

export class FeedCache {
  private readonly pages: LRUCache<string, Post[]>;
  private readonly tops = new Map<string, number>();
  /** Post id -> keys of the cached pages holding it (or a reply to it, whose preview it is). */
  private readonly holders = new Map<string, Set<string>>();
  private readonly pageSize: number;
  private epochValue = 0;
  /** False while invalidations from other processes could be missed (Redis subscription down). */
  private enabled = true;
  hits = 0;
  misses = 0;

  constructor(opts: FeedCacheOptions) {
    this.pageSize = opts.pageSize;
    this.pages = new LRUCache<string, Post[]>({
      maxSize: opts.maxBytes ?? 32 * 1024 * 1024,
      sizeCalculation: (posts) => 100 + posts.reduce((n, p) => n + postBytes(p), 0),
      ttl: opts.ttlMs ?? 10_000,
      dispose: (posts, key) => this.forget(key, posts),
    });
  }

  get epoch(): number {
    return this.epochValue;
  }

  private forget(key: string, posts: Post[]) {
    for (const p of posts) {
      for (const id of [p._id, p.parentPost]) {
        if (!id) continue;
        const set = this.holders.get(id);
        if (!set) continue;
        set.delete(key);
        if (set.size === 0) this.holders.delete(id);
      }
    }
  }

  /** The cached page `index` (from 0) of `feed`, or undefined (unknown top, not cached, or cache off). */
  get(feed: string, index: number): Post[] | undefined {
    if (!this.enabled) return undefined;
    const top = this.tops.get(feed);
    if (top === undefined) return undefined;
    const hi = top - index * this.pageSize;
    if (hi <= 0) return undefined;
    const hit = this.pages.get(`${feed}\n${hi}`);
    if (hit) this.hits++;
    else this.misses++;
    return hit;
  }

  /**
   * A page just read from the database with the feed's counter value `top` the read saw. `epoch` is `this.epoch` taken
   * before the read started.
   */
  store(feed: string, top: number, index: number, posts: Post[], epoch: number) {
    this.raise(feed, top);
    if (!this.enabled || epoch !== this.epochValue || posts.length === 0) return;
    const key = `${feed}\n${top - index * this.pageSize}`;
    this.pages.set(key, posts);
    for (const p of posts) {
      for (const id of [p._id, p.parentPost]) {
        if (!id) continue;
        let set = this.holders.get(id);
        if (!set) {
          set = new Set();
          this.holders.set(id, set);
        }
        set.add(key);
      }
    }
  }

  private raise(feed: string, top: number) {
    if (!this.enabled) return;
    const known = this.tops.get(feed);
    if (known === undefined || top > known) this.tops.set(feed, top);
  }

  /** Applies a change (made here, or announced by another process). */
  apply(change: FeedChange) {
    if (change.kind === 'posted') {
      for (const [feed, top] of change.tops) this.raise(feed, top);
    } else if (change.kind === 'changed') {
      this.epochValue++;
      for (const id of change.ids) {
        const keys = this.holders.get(id);
        if (!keys) continue;
        for (const key of [...keys]) this.pages.delete(key);
      }
    } else {
      this.clearAll();
    }
  }

  private clearAll() {
    this.epochValue++;
    this.pages.clear();
    this.tops.clear();
    this.holders.clear();
  }

  /** Turns serving from the cache on or off; either way everything known so far is dropped. */
  setEnabled(on: boolean) {
    this.clearAll();
    this.enabled = on;
  }

  /** Whether pages are served from memory now (false while a Redis subscription is down). */
  get serving(): boolean {
    return this.enabled;
  }

  get size(): number {
    return this.pages.size;
  }
}
