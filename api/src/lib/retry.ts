import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';

/** serialization_failure and deadlock_detected: PostgreSQL rolled the transaction back, and it may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

const codeOf = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
};

/**
 * Runs a transaction again (up to `attempts` times in all, after a short random pause) when PostgreSQL aborted it for
 * a serialization failure or a deadlock; any other error, or the last failure, is thrown.
 */
export async function retryOnConflict<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !RETRYABLE.has(codeOf(err) ?? '')) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

/**
 * Locks users' rows for an update of their counters, always in id order: two transactions that each touch the same
 * two users wait for one another instead of deadlocking.
 */
export async function lockUsers(tx: Pick<Db, 'execute'>, ...ids: string[]): Promise<void> {
  const sorted = [...new Set(ids)].sort();
  for (const id of sorted) await tx.execute(sql`SELECT 1 FROM users WHERE id = ${id} FOR NO KEY UPDATE`);
}
