// Issue 35: /feed's tabs. Following first, Galaxy shown until the person chooses (the spec's /feed), the choice kept
// per person on this browser, `?tab=following` opening that tab, arrow keys moving between the tabs.
import { feedApi } from '@skynet/kit';
import { makePost, renderAt } from '@skynet/kit/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEED_TAB_KEY } from '../lib/feedTab';
import { signInAs } from '../testing/postMocks';
import GalaxyFeedPage from './GalaxyFeedPage';

jest.mock('@skynet/shared', () => jest.requireActual('../testing/postMocks').sharedModule());
jest.mock('@skynet/kit', () =>
  jest.requireActual('../testing/postMocks').kitModule({
    feedApi: { galaxy: jest.fn(), following: jest.fn() },
  }),
);

const feeds = feedApi as jest.Mocked<typeof feedApi>;

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
  signInAs({ _id: 'me' });
  feeds.galaxy.mockImplementation(async (page) =>
    page === 1 ? [makePost({ _id: 'g1', content: 'From the whole galaxy' })] : [],
  );
  feeds.following.mockImplementation(async (page) =>
    page === 1 ? [makePost({ _id: 'f1', content: 'From someone I follow' })] : [],
  );
});

const tab = (name: string) => screen.getByRole('tab', { name });

it('shows the Galaxy tab first time, with Following as the first tab', async () => {
  renderAt(<GalaxyFeedPage />, { url: '/feed' });
  expect(await screen.findByText('From the whole galaxy')).toBeInTheDocument();
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Following', 'Galaxy']);
  expect(tab('Galaxy')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Galaxy');
  expect(feeds.following).not.toHaveBeenCalled();
});

it('choosing Following shows the timeline and is remembered for this person only', async () => {
  const first = renderAt(<GalaxyFeedPage />, { url: '/feed' });
  await screen.findByText('From the whole galaxy');
  await userEvent.click(tab('Following'));
  expect(await screen.findByText('From someone I follow')).toBeInTheDocument();
  expect(screen.queryByText('From the whole galaxy')).not.toBeInTheDocument();
  expect(tab('Following')).toHaveAttribute('aria-selected', 'true');
  first.unmount();

  const second = renderAt(<GalaxyFeedPage />, { url: '/feed' });
  expect(await screen.findByText('From someone I follow')).toBeInTheDocument();
  expect(JSON.parse(window.localStorage.getItem(FEED_TAB_KEY) ?? '{}')).toEqual({ me: 'following' });
  second.unmount();
  // Someone else on this browser still starts on Galaxy.
  signInAs({ _id: 'someone-else' });
  renderAt(<GalaxyFeedPage />, { url: '/feed' });
  expect(await screen.findByText('From the whole galaxy')).toBeInTheDocument();
});

it('?tab=following opens the Following tab', async () => {
  renderAt(<GalaxyFeedPage />, { url: '/feed?tab=following' });
  expect(await screen.findByText('From someone I follow')).toBeInTheDocument();
  expect(tab('Following')).toHaveAttribute('aria-selected', 'true');
});

it('arrow keys move between the tabs and show the one reached; only the shown tab is in the tab order', async () => {
  renderAt(<GalaxyFeedPage />, { url: '/feed' });
  await screen.findByText('From the whole galaxy');
  expect(tab('Galaxy')).toHaveAttribute('tabindex', '0');
  expect(tab('Following')).toHaveAttribute('tabindex', '-1');
  tab('Galaxy').focus();
  await userEvent.keyboard('{ArrowLeft}');
  expect(tab('Following')).toHaveFocus();
  expect(await screen.findByText('From someone I follow')).toBeInTheDocument();
  await userEvent.keyboard('{ArrowRight}');
  expect(tab('Galaxy')).toHaveFocus();
  expect(await screen.findByText('From the whole galaxy')).toBeInTheDocument();
});

it('an empty timeline says where to find people to follow', async () => {
  feeds.following.mockResolvedValue([]);
  renderAt(<GalaxyFeedPage />, { url: '/feed?tab=following' });
  const text = await screen.findByText(/^Posts of the people you follow show here, with your own\./);
  const notice = text.closest('[role="status"]') as HTMLElement;
  expect(screen.getByRole('tabpanel')).toContainElement(notice);
  expect(notice).toHaveTextContent('Posts of the people you follow show here, with your own.');
  expect(within(notice).getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
});
