import type { Faq } from '@skynet/contract';
import { faqApi } from '@skynet/kit';
import { errorText } from '@skynet/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

export const FAQ_EMPTY_TEXT =
  "Your search didn't match to any result. Try rewording your search. It may also be possible that we don't have what you are looking for yet";

export interface FaqsState {
  /** null while loading. */
  faqs: Faq[] | null;
  /** The server's error text when the last request failed. */
  error: string | null;
  /** Whether the list shown is a search result (then Clear is offered). */
  searched: boolean;
  /** Changes with every load, so the accordion starts again with its first item open. */
  generation: number;
  /** Sends the search; returns false (and sends nothing) when the query is empty. */
  search: (query: string) => boolean;
  /** Back to every FAQ. */
  clear: () => void;
}

export function useFaqs(): FaqsState {
  const [faqs, setFaqs] = useState<Faq[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searched, setSearched] = useState(false);
  const [generation, setGeneration] = useState(0);
  const latest = useRef(0);

  const run = useCallback(async (load: () => Promise<Faq[]>) => {
    const id = ++latest.current;
    setGeneration(id);
    setFaqs(null);
    setError(null);
    try {
      const list = await load();
      if (id === latest.current) setFaqs(Array.isArray(list) ? list : []);
    } catch (failure) {
      if (id === latest.current) {
        setError(errorText(failure));
        setFaqs([]);
      }
    }
  }, []);

  useEffect(() => {
    void run(() => faqApi.list());
  }, [run]);

  const search = useCallback(
    (query: string) => {
      const text = query.trim();
      if (!text) return false;
      setSearched(true);
      void run(() => faqApi.search(text));
      return true;
    },
    [run],
  );

  const clear = useCallback(() => {
    setSearched(false);
    void run(() => faqApi.list());
  }, [run]);

  return { faqs, error, searched, generation, search, clear };
}
