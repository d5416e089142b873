// The feed's keyboard shortcuts (issue 22, lib/feedKeys.ts) on a rendered feed: j/k, l, s, Enter, and never
// while typing in a field or with a modifier key held.
import { postApi } from '@skynet/kit';
import { makePost, renderAt } from '@skynet/kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signInAs } from '../testing/postMocks';
import { PostList } from './PostList';

jest.mock('@skynet/shared', () => jest.requireActual('../testing/postMocks').sharedModule());
jest.mock('@skynet/kit', () => jest.requireActual('../testing/postMocks').kitModule());

const api = postApi as jest.Mocked<typeof postApi>;
const posts = ['p1', 'p2', 'p3'].map((id, index) =>
  makePost({ _id: id, content: `Post number ${index + 1}`, userName: `author${index + 1}` }),
);

beforeAll(() => {
  // jsdom lays nothing out.
  Element.prototype.scrollIntoView = jest.fn();
});

beforeEach(() => {
  jest.clearAllMocks();
  signInAs({ _id: 'me' });
  api.setLiked.mockResolvedValue();
  api.setSaved.mockResolvedValue();
});

async function feed(extra?: React.ReactNode) {
  const fetchPage = jest.fn(async (page: number) => (page === 1 ? posts : []));
  renderAt(
    <>
      {extra}
      <PostList fetchPage={fetchPage} firstPage={1} label="Galactic Feed" />
    </>,
    { url: '/feed' },
  );
  await screen.findByText('Post number 3');
  // The toggles are enabled once each post's state has been read.
  await waitFor(() =>
    expect(
      screen.getAllByRole('button', { name: 'Like' }).every((button) => !button.hasAttribute('disabled')),
    ).toBe(true),
  );
  return screen.getAllByRole('article');
}

describe('PostList keyboard', () => {
  it('moves focus down and up the posts with j and k, scrolling the post into view', async () => {
    const [first, second, third] = await feed();
    await userEvent.keyboard('j');
    expect(first).toHaveFocus();
    const scroll = Element.prototype.scrollIntoView as jest.Mock;
    expect(scroll.mock.contexts.at(-1)).toBe(first);
    await userEvent.keyboard('jj');
    expect(third).toHaveFocus();
    await userEvent.keyboard('j');
    expect(third).toHaveFocus();
    await userEvent.keyboard('k');
    expect(second).toHaveFocus();
    // Focusable by the keys, but no extra tab stops.
    expect(second).toHaveAttribute('tabindex', '-1');
  });

  it('likes with l and saves with s the focused post, and opens it with Enter', async () => {
    const [, second] = await feed();
    await userEvent.keyboard('jj');
    await userEvent.keyboard('l');
    expect(within(second!).getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.setLiked).toHaveBeenCalledWith('p2', true);
    await userEvent.keyboard('s');
    expect(within(second!).getByRole('button', { name: 'Unsave' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.setSaved).toHaveBeenCalledWith('p2', true);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/post/p2');
  });

  it('does nothing with l, s or Enter while no post has focus', async () => {
    await feed();
    await userEvent.keyboard('ls{Enter}');
    expect(api.setLiked).not.toHaveBeenCalled();
    expect(api.setSaved).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/feed');
  });

  it('leaves the keys alone while typing in a field or with a modifier held', async () => {
    const [first] = await feed(<input aria-label="Somewhere to type" />);
    const field = screen.getByRole('textbox', { name: 'Somewhere to type' });
    await userEvent.click(field);
    await userEvent.keyboard('jjl');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('jjl');
    first!.focus();
    fireEvent.keyDown(first!, { key: 'l', ctrlKey: true });
    fireEvent.keyDown(first!, { key: 'j', metaKey: true });
    fireEvent.keyDown(first!, { key: 's', altKey: true });
    expect(first).toHaveFocus();
    expect(api.setLiked).not.toHaveBeenCalled();
    expect(api.setSaved).not.toHaveBeenCalled();
  });
});
