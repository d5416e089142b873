// Renders a screen of this remote inside a router with the toast container, and shows where navigation went.
import type { CurrentUser } from '@skynet/shared';
import { ToastHost } from '@skynet/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

export function renderAt(path: string, element: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ToastHost />
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** An error shaped like axios's for an HTTP answer with a status and a body. */
export function httpError(status: number, data: unknown = {}): Error {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data },
  });
}

export function aUser(patch: Partial<CurrentUser> = {}): CurrentUser {
  return {
    _id: 'u-1',
    userName: 'ada',
    email: 'ada@example.com',
    avatarUrl: null,
    bio: 'Counting stars',
    followerCount: 0,
    followingCount: 0,
    postCount: 0,
    admin: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    location: { planetId: 'p-1', latitude: 0, longitude: 0 },
    ...patch,
  };
}
