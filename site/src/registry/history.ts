// The history's one reader: registry-history.jsonl (the file store's history, and what PostgreSQL imports once).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HISTORY_FILE, type HistoryEntry } from './snapshot.js';

/** The entries of a history text, oldest first: blank and unreadable lines (not a JSON object) skipped. */
export function parseHistory(text: string): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const entry: unknown = JSON.parse(line);
      if (typeof entry === 'object' && entry !== null && !Array.isArray(entry))
        entries.push(entry as HistoryEntry);
    } catch {
      // unreadable: skipped
    }
  }
  return entries;
}

/** The site folder's history, oldest first; none when there is no file. */
export async function readHistoryFile(siteDir: string): Promise<HistoryEntry[]> {
  const file = join(siteDir, HISTORY_FILE);
  return existsSync(file) ? parseHistory(await readFile(file, 'utf8')) : [];
}
