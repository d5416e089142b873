import { postApi, userApi } from '@skynet/kit';
import { makePost, renderAt } from '@skynet/kit/testing';
import { useSession } from '@skynet/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SearchPage from './SearchPage';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  useSession: jest.fn(),
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  postApi: { search: jest.fn(), isLiked: jest.fn(), isSaved: jest.fn() },
  userApi: { search: jest.fn() },
}));

const open = (url = '/search') =>
  renderAt(<SearchPage />, { url, path: url === '/search' ? '/search' : '/search/:text' });

beforeEach(() => {
  jest.resetAllMocks();
  (useSession as jest.Mock).mockReturnValue({ status: 'signed-in', token: 't', user: { _id: 'me' } });
  (postApi.isLiked as jest.Mock).mockResolvedValue(false);
  (postApi.isSaved as jest.Mock).mockResolvedValue(false);
});

describe('SearchPage', () => {
  it("takes the place of the HTML's drawing, with what was typed there and the focus", async () => {
    document.body.innerHTML =
      '<main id="areas"><div id="prerendered"><input type="search" value="aurora bor"></div></main>';
    const drawn = document.querySelector<HTMLInputElement>('#prerendered input')!;
    drawn.focus();
    open();
    expect(document.getElementById('prerendered')).toBeNull();
    const box = screen.getByPlaceholderText('Search for anything in the universe...');
    expect(box).toHaveValue('aurora bor');
    expect(box).toHaveFocus();
    await userEvent.type(box, 'ealis{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search/aurora%20borealis');
  });

  it('sends the search that was sent from the drawing before the page was up', () => {
    document.body.innerHTML =
      '<div id="prerendered"><form data-sent><input type="search" value=" red dust "></form></div>';
    open();
    expect(screen.getByTestId('location')).toHaveTextContent('/search/red%20dust');
  });

  it("a text in the path wins over the drawing's box", async () => {
    document.body.innerHTML = '<div id="prerendered"><input type="search" value="typed"></div>';
    open('/search/dust');
    const box = screen.getByPlaceholderText('Search for anything in the universe...');
    expect(box).toHaveValue('dust');
    expect(box).not.toHaveFocus();
    expect(document.getElementById('prerendered')).toBeNull();
  });
  it("stays behind /search/:text's drawing of results until its list has them, then takes the box's text and focus", async () => {
    let answer: (posts: unknown[]) => void = () => {};
    (postApi.search as jest.Mock).mockImplementation(
      (_text: string, page: number) =>
        new Promise((resolve) => {
          if (page === 0) answer = resolve;
          else resolve([]);
        }),
    );
    document.body.innerHTML =
      '<main id="areas"><div id="prerendered"><form><input type="search" value="dust storms"></form>' +
      '<div data-posts=""><article>drawn</article></div></div></main>';
    document.querySelector<HTMLInputElement>('#prerendered input')!.focus();
    open('/search/dust');
    expect(document.getElementById('prerendered')).not.toBeNull();
    await waitFor(() => expect(postApi.search).toHaveBeenCalledWith('dust', 0));
    answer([makePost({ content: 'Dust storms on Mars' })]);
    expect(await screen.findByText('Dust storms on Mars')).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('prerendered')).toBeNull());
    const box = screen.getByPlaceholderText('Search for anything in the universe...');
    expect(box).toHaveValue('dust storms');
    await waitFor(() => expect(box).toHaveFocus());
    expect(await screen.findByText('There is nothing else to see, so do not look.')).toBeInTheDocument();
  });

  it("takes the path's text while /search/:text's drawing still waits for its fill", () => {
    (postApi.search as jest.Mock).mockReturnValue(new Promise(() => {}));
    document.body.innerHTML =
      '<main id="areas"><div id="prerendered"><div data-unfilled="" hidden><form><input type="search" value="{q}">' +
      '</form><div data-posts=""></div></div></div></main>';
    open('/search/dust');
    expect(screen.getByPlaceholderText('Search for anything in the universe...')).toHaveValue('dust');
    expect(document.getElementById('prerendered')).not.toBeNull(); // until the list has its posts
  });

  it('puts the text in the path, encoded, with Posts chosen by default', async () => {
    open();
    expect(screen.getByRole('button', { name: 'Posts' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Users' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.type(
      screen.getByPlaceholderText('Search for anything in the universe...'),
      'red dust/50%{Enter}',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/search/red%20dust%2F50%25');
  });

  it('pages post results from 0 and ends with the end text', async () => {
    (postApi.search as jest.Mock).mockImplementation(async (_text: string, page: number) =>
      page === 0 ? [makePost({ content: 'Dust storms on Mars' })] : [],
    );
    open('/search/dust');
    expect(await screen.findByText('Dust storms on Mars')).toBeInTheDocument();
    expect(await screen.findByText('There is nothing else to see, so do not look.')).toBeInTheDocument();
    expect((postApi.search as jest.Mock).mock.calls).toEqual([
      ['dust', 0],
      ['dust', 1],
    ]);
  });

  it("shows users as '@' name and 'N followers'", async () => {
    (userApi.search as jest.Mock).mockImplementation(async (_text: string, page: number) =>
      page === 0
        ? [
            { _id: 'u1', userName: 'orion', followerCount: 1, avatarUrl: null },
            { _id: 'u2', userName: 'vega', followerCount: 7, avatarUrl: null },
          ]
        : [],
    );
    (postApi.search as jest.Mock).mockResolvedValue([]);
    open('/search/o');
    await userEvent.click(screen.getByRole('button', { name: 'Users' }));
    expect(screen.getByRole('button', { name: 'Users' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('link', { name: /@orion\s*1 follower$/ })).toHaveAttribute(
      'href',
      '/user/u1',
    );
    expect(screen.getByText('7 followers')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText('There is nothing else to see, so do not look.')).toBeInTheDocument(),
    );
    expect(postApi.search).not.toHaveBeenCalledWith('o', 1);
  });

  it('says when one side has nothing and offers the other, both ways (issue 35)', async () => {
    (postApi.search as jest.Mock).mockResolvedValue([]);
    (userApi.search as jest.Mock).mockImplementation(async (text: string, page: number) =>
      text === 'orion' && page === 0
        ? [{ _id: 'u1', userName: 'orion', followerCount: 2, avatarUrl: null }]
        : [],
    );
    open('/search/orion');
    expect(await screen.findByText('No posts match “orion”.')).toBeInTheDocument();
    expect(screen.queryByText('There is nothing else to see, so do not look.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Search people instead' }));
    expect(screen.getByRole('button', { name: 'Users' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('link', { name: /@orion/ })).toHaveAttribute('href', '/user/u1');
    // People found: the list ends as the spec says, no offer.
    expect(await screen.findByText('There is nothing else to see, so do not look.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search posts instead' })).not.toBeInTheDocument();
  });

  it('with no people found, offers the posts', async () => {
    (postApi.search as jest.Mock).mockResolvedValue([]);
    (userApi.search as jest.Mock).mockResolvedValue([]);
    open('/search/nobody?in=users');
    expect(await screen.findByText('No people match “nobody”.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Search posts instead' }));
    expect(screen.getByRole('button', { name: 'Posts' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('No posts match “nobody”.')).toBeInTheDocument();
  });
});
