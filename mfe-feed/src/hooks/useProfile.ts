import type { User } from '@skynet/contract';
import { planetApi, userApi } from '@skynet/kit';
import { useEffect, useState } from 'react';

export type ProfileState =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'ready'; user: User; planetName: string | null };

/** A user's profile and the name of their home planet (the planet list is cached by @skynet/shared). */
export function useProfile(id: string | undefined): ProfileState {
  const [profile, setProfile] = useState<ProfileState>({ state: 'loading' });
  useEffect(() => {
    if (!id) return;
    let live = true;
    setProfile({ state: 'loading' });
    // The person and the planet list together, not one after the other (issue 34: /profile chained its calls).
    const planets = planetApi.list().catch(() => null);
    userApi.get(id).then(
      async (user) => {
        const planetName = (await planets)?.find((p) => p._id === user.location?.planetId)?.name ?? null;
        if (live) setProfile({ state: 'ready', user, planetName });
      },
      () => live && setProfile({ state: 'missing' }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return profile;
}
