// The person a conversation is with, for the header.
import type { User } from '@skynet/contract';
import { userApi } from '@skynet/kit';
import { useEffect, useState } from 'react';

export function usePartner(id: string): { partner: User | null; failed: boolean } {
  const [state, setState] = useState<{ id: string; partner: User | null; failed: boolean }>({
    id,
    partner: null,
    failed: false,
  });
  useEffect(() => {
    let active = true;
    userApi
      .get(id)
      .then((partner) => active && setState({ id, partner, failed: false }))
      .catch((error: unknown) => {
        console.warn('[mfe-chat] could not load the user', error);
        if (active) setState({ id, partner: null, failed: true });
      });
    return () => {
      active = false;
    };
  }, [id]);
  return state.id === id ? state : { partner: null, failed: false };
}
