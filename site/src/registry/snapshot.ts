// What every registry store answers: a snapshot of the registry read through @skynet/contract's parser, the history
// entries, and the one error type a store refuses with. No store code here (file-store.ts, pg-store.ts).
import { randomUUID } from 'node:crypto';
import { parseRegistry, type Registry } from '@skynet/contract';

/** The site folder's registry (served as /remotes.json) and its history, one JSON object a line. */
export const REGISTRY_FILE = 'remotes.json';
export const HISTORY_FILE = 'registry-history.jsonl';

/** A refusal a person can act on: its message says what and why; `code` says which kind. */
export type RegistryErrorCode = 'conflict' | 'locked' | 'unavailable' | 'refused' | (string & {});

export class RegistryError extends Error {
  readonly code: RegistryErrorCode;
  constructor(message: string, code: RegistryErrorCode = 'refused') {
    super(message);
    this.name = 'RegistryError';
    this.code = code;
  }
}

/** A registry as read, with what a later commit checks against. */
export interface RegistrySnapshot {
  /** The document as stored (served as /remotes.json as it is), or null while there is none. */
  text: string | null;
  /** The document through parseRegistry: what every reader uses (an empty registry when there is none). */
  registry: Registry;
  /** What the parser left out, and why. */
  problems: string[];
  /** Its revision: bumped by every commit (0: none yet). */
  revision: number;
  /** The store's check of `text` (the file store's sha256, PostgreSQL's md5): a commit compares it too. */
  hash: string;
}

/** Where a remote's versions stood before and after a change (a history entry's `from` and `to`). */
export interface PlacementLine {
  stable: string | null;
  canary: { version: string; percent: number } | null;
}

/** One line of the history: what a commit did, to which revision, who and why. */
export interface HistoryEntry {
  at: string;
  revision: number;
  command: string;
  remote?: string;
  version?: string;
  reason?: string;
  user?: string;
  host?: string;
  from?: PlacementLine;
  to?: PlacementLine;
  forced?: boolean;
  gate?: string;
  [field: string]: unknown;
}

/** What a commit records per change; the store adds `at`, `revision` and who. */
export type HistoryInput = Omit<HistoryEntry, 'at' | 'revision'>;

/** What `ensure` did: a store in PostgreSQL imports the site folder into an empty table, once. */
export interface EnsureResult {
  imported: boolean;
  revision?: number;
  historyRows?: number;
  /** Why the site folder's registry could not be imported (not JSON): nothing was imported. */
  refused?: string;
}

/** One interface for both stores. */
export interface RegistryStore {
  kind: 'file' | 'postgres';
  /** Where it lives, for messages (never a password). */
  where: string;
  /** Creates what the store needs (PostgreSQL: the tables, and the one-time import of the site folder). */
  ensure(): Promise<EnsureResult>;
  /** The registry now. Refuses a document that is not JSON: a commit must never write over it unseen. */
  read(): Promise<RegistrySnapshot>;
  /**
   * Compare-and-swap: writes `next` as revision `expected.revision + 1` only while the store still holds what
   * `expected` read (same revision, same text), with one history line per entry; otherwise refuses (`conflict`)
   * and writes nothing. Answers the document written.
   */
  commit(
    expected: Pick<RegistrySnapshot, 'revision' | 'hash'>,
    next: Pick<Registry, 'remotes' | 'product'>,
    entries: HistoryInput[],
  ): Promise<Registry>;
  /** Every history entry, oldest first. */
  history(): Promise<HistoryEntry[]>;
}

const EMPTY = (): Registry => ({ schemaVersion: 1, revision: 0, remotes: {} });

/**
 * A stored document as a snapshot, through the contract's parser; `revision` when the store keeps it beside the
 * document (PostgreSQL), else the document's own (a whole number, else 0). Answers `json: false` for a document
 * that is not JSON (its registry empty): the page server serves it as it is, a store's read refuses it.
 */
export function snapshotOf(
  text: string | null,
  hash: string,
  revision?: number,
): RegistrySnapshot & { json: boolean } {
  if (text === null) return { text, registry: EMPTY(), problems: [], revision: 0, hash: '', json: true };
  let document: unknown;
  let json = true;
  try {
    document = JSON.parse(text);
  } catch {
    json = false;
  }
  const { registry, problems } = parseRegistry(document);
  const own = registry.revision;
  return {
    text,
    registry,
    problems: json ? problems : ['remotes.json is not valid JSON'],
    revision: revision ?? (typeof own === 'number' && Number.isInteger(own) ? own : 0),
    hash,
    json,
  };
}

/** The document a commit writes: revision and time stamped, the remotes as given. */
export const nextDocument = (
  revision: number,
  at: string,
  next: Pick<Registry, 'remotes' | 'product'>,
): Registry => ({
  schemaVersion: 1,
  // A registry written before issue 33 gets its product id at its next write (Registry.product, @skynet/contract).
  product: next.product ?? randomUUID(),
  revision,
  updatedAt: at,
  remotes: next.remotes,
});
