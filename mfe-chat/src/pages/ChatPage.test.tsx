import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { message, utcDays } from '../testing/builders';
import { FakeSocket } from '../testing/fakeSocket';
import ChatPage from './ChatPage';

// Generous waits: a loaded machine can take more than the default second to load the page's modules.
configure({ asyncUtilTimeout: 5000 });

const history = jest.fn();
const send = jest.fn();
const getUser = jest.fn();
const notifyError = jest.fn();
let socket: FakeSocket;

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  getSocket: () => Promise.resolve(socket),
  useSession: () => ({ status: 'signed-in', token: 't', user: { _id: 'me', userName: 'me' } }),
  notify: { error: (...args: unknown[]) => notifyError(...args) },
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  chatApi: {
    history: (...args: unknown[]) => history(...args),
    send: (...args: unknown[]) => send(...args),
  },
  userApi: { get: (...args: unknown[]) => getUser(...args) },
  notificationsApi: { chatRead: (...args: unknown[]) => chatRead(...args) },
  safetyApi: {
    block: (...args: unknown[]) => block(...args),
    unblock: (...args: unknown[]) => unblock(...args),
    mute: jest.fn(),
    relationship: (...args: unknown[]) => relationship(...args),
  },
  reportApi: { report: (...args: unknown[]) => report(...args) },
}));
// formatMessageTime runs once per message drawn: counting its calls tells when the list was drawn again.
const messageTimesDrawn = jest.fn();
jest.mock('../lib/chatTime', () => {
  const actual = jest.requireActual<typeof import('../lib/chatTime')>('../lib/chatTime');
  return {
    ...actual,
    formatMessageTime: (iso: string) => {
      messageTimesDrawn(iso);
      return actual.formatMessageTime(iso);
    },
  };
});
const block = jest.fn();
const unblock = jest.fn();
const relationship = jest.fn();
const report = jest.fn();
const chatRead = jest.fn();

const partner = {
  _id: 'partner',
  userName: 'marsha',
  avatarUrl: null,
  bio: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  deleted: false,
  followerCount: 0,
  followingCount: 0,
  postCount: 0,
  location: { planetId: 'p', latitude: 0, longitude: 0 },
};

function renderChat() {
  return render(
    <MemoryRouter initialEntries={['/messages/partner']}>
      <Routes>
        <Route path="/messages/:id" element={<ChatPage />} />
        <Route path="/user/:id" element={<p>profile page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  socket = new FakeSocket();
  history.mockReset();
  send.mockReset();
  notifyError.mockReset();
  chatRead.mockReset().mockResolvedValue(undefined);
  block.mockReset();
  unblock.mockReset();
  report.mockReset();
  getUser.mockReset().mockResolvedValue(partner);
  relationship.mockReset().mockResolvedValue({ blocking: false, blockedBy: false, muting: false });
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('ChatPage', () => {
  it("tells the server how far it has shown the partner's messages, once each (unread messages, issue 22)", async () => {
    history.mockResolvedValue({
      days: utcDays([
        message('2025-11-24T05:30:00.000Z', {
          senderId: 'partner',
          content: 'one',
          _id: 'm1',
          conversationId: 'c1',
        }),
        message('2025-11-24T05:31:00.000Z', {
          senderId: 'partner',
          content: 'two',
          _id: 'm2',
          conversationId: 'c1',
        }),
        message('2025-11-24T05:32:00.000Z', {
          senderId: 'me',
          content: 'mine',
          _id: 'm3',
          conversationId: 'c1',
        }),
      ]),
      conversationId: 'c1',
    });
    renderChat();
    await screen.findByText('mine');
    await waitFor(() => expect(chatRead).toHaveBeenCalledWith('c1', 'm2'));
    await waitFor(() => expect(socket.sent('sendID').length).toBeGreaterThan(0));
    act(() =>
      socket.serverEmit('newMessage', {
        ...message('2025-11-24T05:33:00.000Z', {
          senderId: 'partner',
          content: 'three',
          _id: 'm4',
          conversationId: 'c1',
        }),
        seq: 4,
      }),
    );
    await screen.findByText('three');
    await waitFor(() => expect(chatRead).toHaveBeenLastCalledWith('c1', 'm4'));
    expect(chatRead).toHaveBeenCalledTimes(2);
  });

  it("shows the partner's name and avatar linking to their profile", async () => {
    history.mockResolvedValue({ days: [], conversationId: null });
    renderChat();
    const heading = await screen.findByRole('heading', { level: 1, name: 'marsha' });
    expect(heading.closest('a')).toHaveAttribute('href', '/user/partner');
    expect(screen.getByRole('img', { name: "marsha's avatar" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it("says 'No Messages to Show' for a conversation with no messages", async () => {
    history.mockResolvedValue({ days: [], conversationId: null });
    renderChat();
    expect(await screen.findByText('No Messages to Show')).toBeInTheDocument();
  });

  it('groups messages under Vancouver day headings, own and received told apart', async () => {
    history.mockResolvedValue({
      days: utcDays([
        message('2025-11-24T05:30:00.000Z', { senderId: 'partner', content: 'evening on Mars' }),
        message('2025-11-24T17:00:00.000Z', { senderId: 'me', content: 'morning on Earth' }),
      ]),
      conversationId: 'c1',
    });
    renderChat();
    const log = await screen.findByRole('log', { name: 'Messages' });
    const days = within(log).getAllByRole('heading', { level: 2 });
    expect(days.map((d) => d.textContent)).toEqual(['Sun, Nov 23', 'Mon, Nov 24']);
    const [received, own] = within(log).getAllByRole('listitem');
    expect(received).toHaveTextContent('marsha said');
    expect(received).toHaveTextContent('evening on Mars');
    expect(received).toHaveTextContent('9:30 PM');
    expect(own).toHaveTextContent('You said');
    expect(own).toHaveTextContent('morning on Earth');
    expect(own).toHaveTextContent('9:00 AM');
    expect(own!.className).not.toBe(received!.className);
  });

  it('has a required message input and a Send button; Enter sends and the input clears', async () => {
    history.mockResolvedValue({ days: [], conversationId: null });
    send.mockResolvedValue({
      message: message('2025-11-24T17:00:00.000Z', {
        senderId: 'me',
        content: 'hello',
        conversationId: 'c5',
      }),
      conversationId: 'c5',
    });
    renderChat();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('placeholder', 'type here');
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    await userEvent.type(input, 'hello{Enter}');
    await waitFor(() => expect(input).toHaveValue(''));
    expect(send).toHaveBeenCalledWith('partner', 'hello');
    expect(screen.getByText('hello')).toBeInTheDocument();
    expect(socket.sent('sendID')).toEqual([['c5', {}]]);
  });

  it('typing does not draw the messages again; a sent message does (INP of Send, issue 34)', async () => {
    history.mockResolvedValue({
      days: utcDays([
        message('2025-11-24T05:30:00.000Z', { senderId: 'partner', content: 'evening on Mars' }),
        message('2025-11-24T17:00:00.000Z', { senderId: 'me', content: 'morning on Earth' }),
      ]),
      conversationId: 'c1',
    });
    send.mockResolvedValue({
      message: message('2025-11-24T18:00:00.000Z', { senderId: 'me', content: 'noon', conversationId: 'c1' }),
      conversationId: 'c1',
    });
    renderChat();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await screen.findByText('morning on Earth');
    messageTimesDrawn.mockClear();
    await userEvent.type(input, 'noon');
    expect(messageTimesDrawn).not.toHaveBeenCalled();
    await userEvent.type(input, '{Enter}');
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('noon')).toBeInTheDocument();
    expect(messageTimesDrawn).toHaveBeenCalledWith('2025-11-24T18:00:00.000Z');
  });

  it('keeps the text and says so when sending fails', async () => {
    history.mockResolvedValue({ days: [], conversationId: null });
    send.mockRejectedValue(new Error('down'));
    renderChat();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'are you there?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(notifyError).toHaveBeenCalled());
    expect(input).toHaveValue('are you there?');
  });

  it('shows the server’s words when it refuses a send (403: a block or their message policy)', async () => {
    history.mockResolvedValue({ days: [], conversationId: null });
    send.mockRejectedValue(
      Object.assign(new Error('Request failed with status code 403'), {
        isAxiosError: true,
        response: {
          status: 403,
          data: { success: false, error: 'marsha does not accept messages from you.' },
        },
      }),
    );
    renderChat();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'hi{Enter}');
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith(
        'Your message was not sent. marsha does not accept messages from you.',
      ),
    );
    expect(input).toHaveValue('hi');
  });

  it('reports the conversation with the partner’s id, and blocks from its menu after confirming', async () => {
    history.mockResolvedValue({ days: [], conversationId: null });
    report.mockResolvedValue('r1');
    block.mockResolvedValue(true);
    unblock.mockResolvedValue(false);
    renderChat();
    const menu = await screen.findByRole('button', { name: 'Conversation actions' });
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this conversation' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(report).toHaveBeenCalledWith({
      targetType: 'conversation',
      targetId: 'partner',
      reason: 'harassment',
    });
    const thanks = await screen.findByRole('dialog', { name: 'Report sent' });
    await userEvent.click(within(thanks).getByRole('button', { name: 'Done' }));
    expect(menu).toHaveFocus();

    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    const confirm = screen.getByRole('dialog', { name: 'Block @marsha?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(block).toHaveBeenCalledWith('partner');
    expect(await screen.findByText('You block @marsha. Unblock them to send a message.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();

    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unblock' }));
    expect(unblock).toHaveBeenCalledWith('partner');
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it("shows a message the room sends with 'newMessage'", async () => {
    history.mockResolvedValue({
      days: utcDays([message('2025-11-24T17:00:00.000Z', { content: 'one' })]),
      conversationId: 'c1',
    });
    renderChat();
    await screen.findByText('one');
    await waitFor(() => expect(socket.sent('sendID')).toHaveLength(1));
    act(() =>
      socket.serverEmit('newMessage', {
        ...message('2025-11-24T17:01:00.000Z', { content: 'two', senderId: 'partner' }),
        seq: 2,
      }),
    );
    expect(screen.getByText('two')).toBeInTheDocument();
    expect(screen.getByText('one')).toBeInTheDocument();
  });

  it('says when the messages cannot be loaded, with a retry', async () => {
    history.mockRejectedValue(new Error('down'));
    renderChat();
    expect(await screen.findByRole('alert')).toHaveTextContent('The messages could not be loaded.');
    history.mockResolvedValue({ days: [], conversationId: null });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No Messages to Show')).toBeInTheDocument();
  });

  it('keeps the conversation drawn from the HTML until it has the person and the messages, then takes it away', async () => {
    const drawn = document.createElement('div');
    drawn.id = 'prerendered';
    document.body.append(drawn);
    let answerPerson: (user: unknown) => void = () => {};
    getUser.mockReturnValue(
      new Promise((resolve) => {
        answerPerson = resolve;
      }),
    );
    history.mockResolvedValue({ days: [], conversationId: null });
    renderChat();
    await waitFor(() => expect(history).toHaveBeenCalled());
    await act(async () => {});
    // The messages alone are not the page: the header would have no name yet.
    expect(document.getElementById('prerendered')).not.toBeNull();
    answerPerson(partner);
    expect(await screen.findByRole('heading', { name: 'marsha' })).toBeInTheDocument();
    expect(document.getElementById('prerendered')).toBeNull();
  });
});
