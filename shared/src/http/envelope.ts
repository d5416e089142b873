// GET through the one client, answered from the page's head start when the HTML already started the same call
// (headStart.ts), and the envelope's value or its error.
import type { Envelope } from '@skynet/contract';
import type { CacheRequestConfig } from 'axios-cache-interceptor';
import { http } from './client';
import { takeHeadStart } from './headStart';

export async function getEnvelope<T>(url: string, config?: CacheRequestConfig): Promise<Envelope<T>> {
  const started = takeHeadStart<Envelope<T>>(url, config?.params);
  const answer = started ? await started : null;
  if (answer) return answer;
  return (await http.get<Envelope<T>>(url, config)).data;
}

/** The envelope's value; its error (or a plain sentence) as an Error when there is none. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.value === undefined) throw new Error(envelope.error ?? 'The server answered without a value.');
  return envelope.value;
}
