// A post card shows whether you liked and saved its post. Asked card by card, that was two requests a card (40 on a
// /feed page), each its own run through the HTTP client on a page that has just painted. The cards of one render
// ask in the same task, so their questions go together in one GET /post/marks (issue 34). The spec's 5-minute cache
// of each post's like and save answers (spec point 7) is still looked at first, and the batch's answers are written
// into it, so a toggle updates the entry the next read finds, as before.
import { CACHE_TTL_MS, type Envelope, type Id, POST_MARKS_MAX } from '@skynet/contract';
import { cacheIds, getEnvelope as get, http, unwrap } from '@skynet/shared';
import type { ValueOf } from './types';

export type PostMarks = ValueOf<'postMarks'>;
type Answer = (marks: PostMarks | null, error?: unknown) => void;

let waiting = new Map<Id, Answer[]>();

/** The cached answer of a post's GET /like or /save, or null when there is none fresh. */
export async function cachedToggle(cacheId: string): Promise<boolean | null> {
  const entry = await http.storage.get(cacheId);
  return entry.state === 'cached' ? Boolean((entry.data.data as Envelope<boolean> | undefined)?.value) : null;
}

/** Stores `value` as the cached answer of a post's GET /like or /save, as that request itself would have. */
export async function cacheToggle(cacheId: string, value: boolean): Promise<void> {
  await http.storage.set(cacheId, {
    state: 'cached',
    ttl: CACHE_TTL_MS,
    createdAt: Date.now(),
    data: { data: { success: true, value }, status: 200, statusText: 'OK', headers: {} },
  });
}

async function ask(ids: Id[], answers: Map<Id, Answer[]>): Promise<void> {
  let marks: PostMarks | null = null;
  let error: unknown;
  try {
    marks = unwrap(await get<PostMarks>('/post/marks', { params: { ids: ids.join() }, cache: false }));
    for (const id of ids) {
      await cacheToggle(cacheIds.like(id), marks.liked.includes(id));
      await cacheToggle(cacheIds.save(id), marks.saved.includes(id));
    }
  } catch (failure) {
    error = failure;
  }
  for (const id of ids) for (const answer of answers.get(id) ?? []) answer(marks, error);
}

/** Whether you liked and saved the post, asked together with every other card's question of the same task. */
export function postMarks(id: Id): Promise<PostMarks> {
  if (!waiting.size)
    setTimeout(() => {
      const answers = waiting;
      waiting = new Map();
      const ids = [...answers.keys()];
      for (let start = 0; start < ids.length; start += POST_MARKS_MAX)
        void ask(ids.slice(start, start + POST_MARKS_MAX), answers);
    });
  return new Promise((resolve, reject) =>
    waiting.set(id, [...(waiting.get(id) ?? []), (marks, error) => (marks ? resolve(marks) : reject(error))]),
  );
}
