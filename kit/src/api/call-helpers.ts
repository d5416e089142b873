// What the area modules' calls share: a path segment, a toggle's cached answer, a plain answer's message.
import type { Envelope } from '@skynet/contract';
import { http } from '@skynet/shared';

export const seg = (value: string) => encodeURIComponent(value);

/** Updates the cached GET answer of a toggle so the next read shows the new state (spec point 7). */
export async function setCachedToggle(id: string, value: boolean): Promise<void> {
  const entry = await http.storage.get(id);
  if (entry.state !== 'cached') return;
  const data = entry.data.data as Envelope<boolean> | undefined;
  await http.storage.set(id, { ...entry, data: { ...entry.data, data: { ...data, success: true, value } } });
}

/** The message of an answer that carries no value ("Bio updated."), or "Done.". */
export function messageOf(response: { data: unknown }): string {
  const data = response.data as { message?: unknown };
  return typeof data.message === 'string' ? data.message : 'Done.';
}
