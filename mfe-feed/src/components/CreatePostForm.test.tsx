import { feedApi, planetApi, postApi, userApi } from '@skynet/kit';
import { deferred, httpError, renderAt } from '@skynet/kit/testing';
import { useSession } from '@skynet/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreatePostForm } from './CreatePostForm';

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  useSession: jest.fn(),
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  planetApi: { list: jest.fn() },
  postApi: { create: jest.fn() },
  userApi: { search: jest.fn() },
  feedApi: { tagSuggestions: jest.fn() },
}));

const api = postApi as jest.Mocked<typeof postApi>;

beforeEach(() => {
  jest.resetAllMocks();
  (useSession as jest.Mock).mockReturnValue({
    status: 'signed-in',
    token: 't',
    user: { _id: 'me', userName: 'alice', location: { planetId: 'mars', latitude: 0, longitude: 0 } },
  });
  (planetApi.list as jest.Mock).mockResolvedValue([
    { _id: 'earth', name: 'Earth' },
    { _id: 'mars', name: 'Mars' },
  ]);
});

async function ready() {
  renderAt(<CreatePostForm />, { url: '/post' });
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Planet' })).toBeEnabled());
}

describe('CreatePostForm', () => {
  it('says who is posting and preselects the home planet, marked with a house', async () => {
    await ready();
    expect(screen.getByText(/Posting as/)).toHaveTextContent('Posting as @alice');
    const planet = screen.getByRole('combobox', { name: 'Planet' });
    expect(planet).toHaveValue('mars');
    expect(screen.getByRole('option', { name: '\u2302 Mars' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Earth' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Share your ideas...')).toBeInTheDocument();
  });

  it('counts the characters left live, from 324 down, and stops at 324', async () => {
    await ready();
    const box = screen.getByRole('textbox', { name: 'Post content' });
    expect(screen.getByRole('button', { name: 'Create Post' })).toBeDisabled();
    expect(box).toHaveAccessibleDescription('324 characters left');
    await userEvent.type(box, 'Hi!');
    // Issue 22: the counter shows what is left (it showed 3/324 before).
    expect(box).toHaveAccessibleDescription('321 characters left');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)).toHaveTextContent(/^321/);
    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(400));
    expect(box).toHaveValue('x'.repeat(324));
    expect(box).toHaveAccessibleDescription('0 characters left');
    expect(screen.getByRole('button', { name: 'Create Post' })).toBeEnabled();
  });

  it('tells screen readers only at 20 characters left and at 0, not on every key', async () => {
    await ready();
    const box = screen.getByRole('textbox', { name: 'Post content' });
    const status = within(box.closest('form')!).getByRole('status');
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(300));
    expect(status).toHaveTextContent(/^$/);
    await userEvent.type(box, 'x'.repeat(3));
    expect(status).toHaveTextContent(/^$/);
    // 304 typed: 20 left.
    await userEvent.type(box, 'x');
    expect(status).toHaveTextContent('20 characters left');
    // Quiet while typing on: the region keeps its text, so nothing new is spoken.
    await userEvent.type(box, 'xxxxx');
    expect(box).toHaveAccessibleDescription('15 characters left');
    expect(status).toHaveTextContent('20 characters left');
    await userEvent.paste('y'.repeat(40));
    expect(status).toHaveTextContent('0 characters left');
    // Moving away from the limit empties it silently; coming back within 20 speaks again.
    await userEvent.clear(box);
    expect(status).toHaveTextContent(/^$/);
    await userEvent.paste('z'.repeat(310));
    expect(status).toHaveTextContent('14 characters left');
  });

  it('does not post blank text', async () => {
    await ready();
    await userEvent.type(screen.getByRole('textbox', { name: 'Post content' }), '   ');
    expect(screen.getByRole('button', { name: 'Create Post' })).toBeDisabled();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('sends once while sending, then says so and opens the new post', async () => {
    const request = deferred<string>();
    api.create.mockReturnValue(request.promise);
    await ready();
    await userEvent.type(screen.getByRole('textbox', { name: 'Post content' }), 'First light on Mars');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Planet' }), 'earth');
    const button = screen.getByRole('button', { name: 'Create Post' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await userEvent.click(button);
    await userEvent.click(button);
    expect(api.create).toHaveBeenCalledTimes(1);
    // No browser location in jsdom: 0/0 (spec point 7).
    expect(api.create).toHaveBeenCalledWith('First light on Mars', {
      planetId: 'earth',
      latitude: 0,
      longitude: 0,
    });
    await act(async () => request.resolve('new1'));
    expect(await screen.findByText('Post was created!')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/post/new1');
  });

  it('adds a content warning on request (issue 35), and Remove takes it away again', async () => {
    api.create.mockResolvedValue('cw1');
    await ready();
    expect(screen.queryByRole('textbox', { name: 'Content warning' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add content warning' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Content warning' }), 'Gone again');
    await userEvent.click(screen.getByRole('button', { name: 'Remove content warning' }));
    expect(screen.queryByRole('textbox', { name: 'Content warning' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add content warning' }));
    expect(screen.getByRole('textbox', { name: 'Content warning' })).toHaveValue('');
    await userEvent.type(screen.getByRole('textbox', { name: 'Content warning' }), '  Spoilers  ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Post content' }), 'The ending of Dune');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(
        'The ending of Dune',
        { planetId: 'mars', latitude: 0, longitude: 0 },
        { contentWarning: 'Spoilers' },
      ),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/post/cw1');
  });

  it('says the post was not created when no id comes back', async () => {
    api.create.mockResolvedValue(undefined as unknown as string);
    await ready();
    await userEvent.type(screen.getByRole('textbox', { name: 'Post content' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Post was not able to be created.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/post');
    expect(screen.getByRole('textbox', { name: 'Post content' })).toHaveValue('Hello');
  });

  it("shows the server's message when it refuses", async () => {
    api.create.mockRejectedValue(httpError(400, 'Choose an existing planet.'));
    await ready();
    await userEvent.type(screen.getByRole('textbox', { name: 'Post content' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Choose an existing planet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Post' })).not.toHaveAttribute('aria-busy', 'true');
  });

  it('suggests people as @name is typed: arrows choose, Enter inserts the name, Escape closes (issue 35)', async () => {
    (userApi.search as jest.Mock).mockResolvedValue([
      { _id: 'u2', userName: 'banana_an', deleted: false },
      { _id: 'u1', userName: 'ana', deleted: false },
      { _id: 'u3', userName: 'gone_an', deleted: true },
    ]);
    await ready();
    const box = screen.getByRole('textbox', { name: 'Post content' });
    await userEvent.type(box, 'Hello @an');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(userApi.search).toHaveBeenLastCalledWith('an', 0);
    // Names that begin with what was typed first; a deleted account never.
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['@ana', '@banana_an']);
    expect(
      screen.getByText(/^2 people to mention: up and down arrows to choose, Enter to insert\.$/),
    ).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('Hello @ana ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-activedescendant');

    // Escape closes the list and leaves the text as typed; Enter then is a new line again.
    await userEvent.type(box, 'and @ba');
    await screen.findByRole('listbox', { name: 'People to mention' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('Hello @ana and @ba');
  });

  it('suggests tags as #tag is typed, the most used first; Tab inserts one (issue 35)', async () => {
    (feedApi.tagSuggestions as jest.Mock).mockResolvedValue(['mars', 'marsrover']);
    await ready();
    const box = screen.getByRole('textbox', { name: 'Post content' });
    await userEvent.type(box, 'Dust on #Ma');
    const list = await screen.findByRole('listbox', { name: 'Tags' });
    expect(feedApi.tagSuggestions).toHaveBeenLastCalledWith('Ma');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['#mars', '#marsrover']);
    expect(screen.getByText(/^2 tags: up and down arrows to choose, Enter to insert\.$/)).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Tab}');
    expect(box).toHaveValue('Dust on #marsrover ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(userApi.search).not.toHaveBeenCalled();
  });

  it('asks for nobody while no @name is being typed, and an e-mail address is no mention', async () => {
    await ready();
    await userEvent.type(screen.getByRole('textbox', { name: 'Post content' }), 'mail me at ana@x.org');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(userApi.search).not.toHaveBeenCalled();
    expect(feedApi.tagSuggestions).not.toHaveBeenCalled();
  });
});
