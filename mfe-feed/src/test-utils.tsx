// Test helpers: a router at a chosen URL, the toast container (so tests read toasts as a person would), and
// a line showing the current path (to assert navigation).
import { ToastHost } from '@skynet/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderAt(ui: ReactElement, { url = '/', path = '*' }: { url?: string; path?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ToastHost />
      <Routes>
        <Route path={path} element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** A post as the API answers it. */
export function makePost(
  overrides: Partial<import('@skynet/shared').Post> = {},
): import('@skynet/shared').Post {
  const id = overrides._id ?? `p${Math.random().toString(36).slice(2, 8)}`;
  return {
    _id: id,
    authorId: 'u-author',
    userName: 'nova',
    avatarUrl: null,
    content: `Content of ${id}`,
    createdAt: '2025-03-14T15:09:00.000Z',
    location: { _id: 'l1', planetId: 'earth', latitude: 0, longitude: 0 },
    parentPost: null,
    parentPreview: null,
    deleted: false,
    likeCount: 3,
    commentCount: 2,
    ...overrides,
  };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** What axios throws for an HTTP error with the server's `{ error }` body. */
export function httpError(status: number, error: string) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data: { success: false, error } },
  });
}
