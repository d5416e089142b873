// What the tests of a post (a card, a feed of cards, a post's page, the replies) mock alike: the session hook, and
// every post API call a card or a page makes, each a bare jest.fn. jest.mock is hoisted above the imports, so its
// factory reaches this file through jest.requireActual:
//   jest.mock('@skynet/shared', () => jest.requireActual('../testing/postMocks').sharedModule());
//   jest.mock('@skynet/kit', () => jest.requireActual('../testing/postMocks').kitModule({ userApi: { get: jest.fn() } }));
// This file imports only types from the two mocked modules: a value import would re-enter the factory that loads it.
import type { CurrentUser } from '@skynet/contract';
import type * as Kit from '@skynet/kit';
import type * as Shared from '@skynet/shared';

/** @skynet/shared with useSession a jest.fn (set it with signInAs). */
export function sharedModule(): typeof Shared {
  return { ...jest.requireActual<typeof Shared>('@skynet/shared'), useSession: jest.fn() };
}

/** @skynet/kit with every postApi call a jest.fn, and `more` (other APIs the test mocks) over it. */
export function kitModule(more: Partial<Record<keyof typeof Kit, unknown>> = {}): typeof Kit {
  return {
    ...jest.requireActual<typeof Kit>('@skynet/kit'),
    postApi: {
      get: jest.fn(),
      remove: jest.fn(),
      comment: jest.fn(),
      comments: jest.fn(),
      isLiked: jest.fn(),
      isSaved: jest.fn(),
      setLiked: jest.fn(),
      setSaved: jest.fn(),
      parent: jest.fn(),
    },
    postEditApi: { edit: jest.fn(), history: jest.fn() },
    ...more,
  } as typeof Kit;
}

/**
 * Signs `user` in through the mocked useSession (null: signed out), and has the post API read every post as neither
 * liked nor saved, as a card asks before it enables its toggles.
 */
export function signInAs(user: Partial<CurrentUser> | null): void {
  const { useSession } = jest.requireMock<typeof Shared>('@skynet/shared');
  (useSession as jest.Mock).mockReturnValue(
    user ? { status: 'signed-in', token: 't', user } : { status: 'signed-out', token: null, user: null },
  );
  const postApi = jest.requireMock<typeof Kit>('@skynet/kit').postApi as jest.Mocked<typeof Kit.postApi>;
  postApi.isLiked.mockResolvedValue(false);
  postApi.isSaved.mockResolvedValue(false);
}
