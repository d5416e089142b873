// Test helpers for every front-end package: a screen rendered at a URL inside a router with the toast container
// (so tests read toasts and navigation as a person would), builders of the API's entities, and HTTP failures shaped
// like axios's. Import from '@skynet/kit/testing' in tests only.
import '@testing-library/jest-dom';
import type { CurrentUser, Post } from '@skynet/contract';
import { MemoryRouter, Route, Routes, ToastHost, useLocation } from '@skynet/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

interface RenderAtOptions {
  url?: string;
  /** The route pattern `ui` is shown on (default: any path). */
  path?: string;
  /**
   * Where the current path is shown (`getByTestId('location')`): always, below the screen; or only once the
   * screen's route was left ('away'), so a test can assert the screen stayed put.
   */
  location?: 'always' | 'away';
}

/** Renders `ui` at `url` on the route `path`; every other path renders nothing but the location line. */
export function renderAt(
  ui: ReactElement,
  { url = '/', path = '*', location = 'always' }: RenderAtOptions = {},
) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ToastHost />
      <Routes>
        <Route path={path} element={ui} />
        <Route path="*" element={location === 'away' ? <WhereAmI /> : null} />
      </Routes>
      {location === 'always' && <WhereAmI />}
    </MemoryRouter>,
  );
}

/** What axios throws for an HTTP answer: a string body is the API's `{ success: false, error }`. */
export function httpError(status: number, body: string | object = {}): Error {
  const data = typeof body === 'string' ? { success: false, error: body } : body;
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data },
  });
}

/** A promise settled from outside, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A post as the API answers it. */
export function makePost(overrides: Partial<Post> = {}): Post {
  const id = overrides._id ?? `p${Math.random().toString(36).slice(2, 8)}`;
  return {
    _id: id,
    authorId: 'u-author',
    userName: 'nova',
    avatarUrl: null,
    content: `Content of ${id}`,
    createdAt: '2025-03-14T15:09:00.000Z',
    location: { _id: 'l1', planetId: 'earth', latitude: 0, longitude: 0 },
    planetId: overrides.location?.planetId ?? 'earth',
    mentions: [],
    tags: [],
    parentPost: null,
    parentPreview: null,
    deleted: false,
    likeCount: 3,
    commentCount: 2,
    editedAt: null,
    contentWarning: null,
    ...overrides,
  };
}

/** The signed-in person as GET /user answers. */
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
    emailVerified: true,
    createdAt: '2024-01-01T00:00:00.000Z',
    location: { planetId: 'p-1', latitude: 0, longitude: 0 },
    ...patch,
  };
}
export { ownClockPerTest, serveDrawnPage, servePage, startedScripts } from './templates';
