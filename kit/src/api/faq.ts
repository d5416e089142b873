// The help pages' questions (spec point 7).
import type { Envelope } from '@skynet/contract';
import { getEnvelope as get, http, unwrap } from '@skynet/shared';
import type { BodyOf, ValueOf } from './types';

export const faqApi = {
  async list(): Promise<ValueOf<'faqs'>> {
    return unwrap(await get<ValueOf<'faqs'>>('/faqs'));
  },
  async search(query: string): Promise<ValueOf<'searchFaqs'>> {
    const body = { query } satisfies BodyOf<'searchFaqs'>;
    return unwrap((await http.post<Envelope<ValueOf<'searchFaqs'>>>('/faqs', body)).data);
  },
};
