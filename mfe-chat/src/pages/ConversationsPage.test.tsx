import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import ConversationsPage from './ConversationsPage';

// Generous waits: a loaded machine can take more than the default second to load the page's modules.
configure({ asyncUtilTimeout: 5000 });

const conversations = jest.fn();
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  chatApi: { conversations: (...args: unknown[]) => conversations(...args) },
}));

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/messages']}>
      <ConversationsPage />
    </MemoryRouter>,
  );

beforeEach(() => {
  conversations.mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('ConversationsPage', () => {
  it('lists one row per conversation, newest first, with avatar, name and when', async () => {
    const now = Date.now();
    conversations.mockResolvedValue([
      {
        userId: 'u1',
        name: 'older',
        avatar: null,
        lastMessageAt: new Date(now - 3 * 86_400_000 * 30).toISOString(),
      },
      { userId: 'u2', name: 'newer', avatar: null, lastMessageAt: new Date(now - 5 * 60_000).toISOString() },
    ]);
    renderPage();
    const links = within(await screen.findByRole('list')).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/messages/u2', '/messages/u1']);
    expect(links[0]).toHaveTextContent('newer');
    expect(links[0]).toHaveTextContent('5 min ago');
    expect(within(links[0]!).getByRole('img', { name: "newer's avatar" })).toBeInTheDocument();
    expect(links[1]).not.toHaveTextContent('ago');
  });

  it('shows each conversation\'s last message, "You: " first when yours, and an unread count in the link\'s name', async () => {
    const at = new Date().toISOString();
    const base = { avatar: null, lastMessageAt: at, lastMessageMine: false, unread: 0 };
    conversations.mockResolvedValue([
      { ...base, userId: 'u1', name: 'ann', lastMessage: 'see you soon', unread: 2 },
      { ...base, userId: 'u2', name: 'bob', lastMessage: 'on my way', lastMessageMine: true },
      { ...base, userId: 'u3', name: 'cy', lastMessage: '' },
    ]);
    renderPage();
    const ann = await screen.findByRole('link', { name: /ann/ });
    expect(ann).toHaveAccessibleName(expect.stringContaining('see you soon'));
    expect(ann).toHaveAccessibleName(expect.stringMatching(/2 unread$/));
    expect(within(ann).getByText('ann')).toHaveClass('name');
    expect(ann).toHaveClass('unread');
    const bob = screen.getByRole('link', { name: /bob/ });
    expect(bob).toHaveTextContent('You: on my way');
    expect(bob).not.toHaveAccessibleName(expect.stringContaining('unread'));
    expect(bob).not.toHaveClass('unread');
    expect(screen.getByRole('link', { name: /cy/ })).not.toHaveTextContent('You:');
  });

  it('offers New message: the people search', async () => {
    conversations.mockResolvedValue([]);
    renderPage();
    expect(await screen.findByRole('link', { name: 'New message' })).toHaveAttribute(
      'href',
      '/search?in=users',
    );
  });

  it('has a friendly empty state with a way to find people', async () => {
    conversations.mockResolvedValue([]);
    renderPage();
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for people' })).toHaveAttribute('href', '/search');
  });

  it('shows a loader while loading', () => {
    conversations.mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading conversations');
  });

  it('says when the list cannot be loaded and tries again', async () => {
    conversations.mockRejectedValueOnce(new Error('down')).mockResolvedValue([]);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your conversations could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
  });

  it('keeps the list drawn from the HTML until it has its own, then takes it away', async () => {
    const drawn = document.createElement('div');
    drawn.id = 'prerendered';
    document.body.append(drawn);
    let answer: (rows: unknown[]) => void = () => {};
    conversations.mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    renderPage();
    expect(document.getElementById('prerendered')).not.toBeNull();
    answer([{ userId: 'u1', name: 'ada', avatar: null, lastMessageAt: new Date().toISOString() }]);
    expect(await screen.findByRole('link', { name: /ada/ })).toBeInTheDocument();
    expect(document.getElementById('prerendered')).toBeNull();
  });
});
