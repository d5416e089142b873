import { defineRoutes } from '@skynet/contract';
import { Link, MemoryRouter, useParams } from '@skynet/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AreaRoutes, type PageModule, pageComponent, startArrivedOnPage } from './AreaRoutes';

let searchMounts = 0;

function SearchPage() {
  // Counts mounts: a page that stays mounted keeps its state (what was typed, the list).
  useState(() => {
    searchMounts += 1;
  });
  const { text = '' } = useParams();
  return (
    <>
      <h1>Search {text}</h1>
      <Link to="/search/mars">mars</Link>
    </>
  );
}

const searchPage = jest.fn(async (): Promise<PageModule> => ({ default: SearchPage }));
const feedPage = jest.fn(
  async (): Promise<PageModule> => ({
    default: () => <h1>Feed</h1>,
  }),
);

const routes = defineRoutes<PageModule>([
  { path: '/feed', access: 'signed-in', page: feedPage },
  { path: '/search', access: 'signed-in', page: searchPage },
  { path: '/search/:text', access: 'signed-in', page: searchPage },
]);

beforeEach(() => {
  searchMounts = 0;
  feedPage.mockClear();
  searchPage.mockClear();
});

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <AreaRoutes routes={routes} />
    </MemoryRouter>,
  );

test("each route shows its page, with the Loader while the page's module arrives", async () => {
  renderAt('/feed');
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  expect(await screen.findByRole('heading', { name: 'Feed' })).toBeInTheDocument();
});

test('two paths of one page keep it mounted', async () => {
  const [feed, search, searchText] = routes.map(pageComponent);
  expect(searchText).toBe(search);
  expect(feed).not.toBe(search);
  renderAt('/search');
  await userEvent.click(await screen.findByRole('link', { name: 'mars' }));
  expect(await screen.findByRole('heading', { name: 'Search mars' })).toBeInTheDocument();
  expect(searchMounts).toBe(1);
});

test("another area's path renders nothing", () => {
  const { container } = renderAt('/messages');
  expect(container).toBeEmptyDOMElement();
  expect(feedPage).not.toHaveBeenCalled();
});

test("startArrivedOnPage starts only the page of the address's route, and names that route", () => {
  expect(startArrivedOnPage(routes, '/search/Mars')?.path).toBe('/search/:text');
  expect(searchPage).toHaveBeenCalledTimes(1);
  expect(feedPage).not.toHaveBeenCalled();
  expect(startArrivedOnPage(routes, '/messages')).toBeUndefined();
  expect(feedPage).not.toHaveBeenCalled();
});
