import { exportApi, safetyApi } from '@skynet/kit';
import { aUser, deferred, httpError, renderAt } from '@skynet/kit/testing';
import { useSession } from '@skynet/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsPage from '../../pages/SettingsPage';

configure({ asyncUtilTimeout: 5000 });

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  useSession: jest.fn(),
  session: { signOut: jest.fn(), patchUser: jest.fn() },
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  safetyApi: {
    blocks: jest.fn(),
    unblock: jest.fn(),
    mutes: jest.fn(),
    unmute: jest.fn(),
    mutedWords: jest.fn(),
    addMutedWord: jest.fn(),
    removeMutedWord: jest.fn(),
    messagePolicy: jest.fn(),
    getMessagePolicy: jest.fn(),
  },
  exportApi: { exports: jest.fn(), requestExport: jest.fn() },
  // Issue 32's sections (security/SecuritySettings.test.tsx tests them): still loading here.
  securityApi: { overview: () => new Promise(() => {}), activity: () => new Promise(() => {}) },
}));

const api = jest.mocked(safetyApi);
const exports = jest.mocked(exportApi);
const person = (id: string, userName: string) => ({
  _id: id,
  userName,
  avatarUrl: null,
  since: '2026-11-01T10:00:00.000Z',
});

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(useSession).mockReturnValue({
    status: 'signed-in',
    token: 't',
    user: aUser(),
    endedBy: null,
  });
  api.blocks.mockResolvedValue([]);
  api.mutes.mockResolvedValue([]);
  api.mutedWords.mockResolvedValue([]);
  api.getMessagePolicy.mockResolvedValue('following');
  exports.exports.mockResolvedValue([]);
});

const show = () => renderAt(<SettingsPage />, { url: '/settings', path: '/settings', location: 'away' });
const region = (name: string) => screen.getByRole('region', { name });
const user = userEvent.setup();

test('every section says when it is empty', async () => {
  show();
  expect(
    await within(region('Blocked accounts')).findByText('You have not blocked anyone.'),
  ).toBeInTheDocument();
  expect(await within(region('Muted accounts')).findByText('You have not muted anyone.')).toBeInTheDocument();
  expect(await within(region('Muted words')).findByText('You have not muted any words.')).toBeInTheDocument();
  expect(
    await within(region('Your data')).findByText('You have not downloaded your data yet.'),
  ).toBeInTheDocument();
  expect(api.blocks).toHaveBeenCalledWith(0);
  expect(api.mutes).toHaveBeenCalledWith(0);
});

test('lists the people you block, a page at a time, and Unblock takes one off', async () => {
  const firstPage = Array.from({ length: 20 }, (_, i) => person(`u${i}`, `star${i}`));
  api.blocks.mockResolvedValueOnce(firstPage).mockResolvedValueOnce([person('u20', 'last')]);
  api.unblock.mockResolvedValue(false);
  show();
  const blocked = region('Blocked accounts');
  expect(await within(blocked).findByRole('link', { name: /@star0/ })).toHaveAttribute('href', '/user/u0');
  expect(within(blocked).getAllByText('Since November 1, 2026')).toHaveLength(20);
  await user.click(within(blocked).getByRole('button', { name: 'Show more' }));
  expect(await within(blocked).findByText('@last')).toBeInTheDocument();
  expect(api.blocks).toHaveBeenLastCalledWith(1);
  expect(within(blocked).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  const unblock = within(blocked).getByRole('button', { name: 'Unblock @star3' });
  expect(unblock).toHaveTextContent('Unblock');
  await user.click(unblock);
  expect(api.unblock).toHaveBeenCalledWith('u3');
  expect(await within(blocked).findByText('@star3 is no longer blocked.')).toBeInTheDocument();
  expect(within(blocked).queryByText('@star3')).not.toBeInTheDocument();
  expect(within(blocked).getByRole('heading', { name: 'Blocked accounts' })).toHaveFocus();
});

test('Unmute takes a muted person off; a failed list says so with Try again', async () => {
  api.mutes.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce([person('u9', 'nova')]);
  api.unmute.mockResolvedValue(false);
  show();
  const muted = region('Muted accounts');
  expect(await within(muted).findByRole('alert')).toHaveTextContent(
    'Your muted accounts could not be loaded.',
  );
  await user.click(within(muted).getByRole('button', { name: 'Try again' }));
  await user.click(await within(muted).findByRole('button', { name: 'Unmute @nova' }));
  expect(api.unmute).toHaveBeenCalledWith('u9');
  expect(await within(muted).findByText('You have not muted anyone.')).toBeInTheDocument();
});

test('mutes a word for 7 days, lists words with their expiry, and removes one', async () => {
  api.mutedWords.mockResolvedValue([
    { _id: 'w1', word: 'spoiler', expiresAt: null, createdAt: '2026-11-01T00:00:00.000Z' },
  ]);
  api.addMutedWord.mockResolvedValue({
    _id: 'w2',
    word: 'eclipse',
    expiresAt: '2026-12-04T00:00:00.000Z',
    createdAt: '2026-11-27T00:00:00.000Z',
  });
  api.removeMutedWord.mockResolvedValue(true);
  show();
  const words = region('Muted words');
  const list = await within(words).findByRole('list', { name: 'Your muted words' });
  expect(within(list).getByText('spoiler')).toBeInTheDocument();
  expect(within(list).getByText('Forever')).toBeInTheDocument();
  expect(within(words).getByRole('combobox', { name: 'For' })).toHaveDisplayValue('Forever');
  expect(
    within(words)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Forever', '1 day', '7 days', '30 days']);
  await user.type(within(words).getByRole('textbox', { name: 'Word or phrase' }), 'eclipse');
  await user.selectOptions(within(words).getByRole('combobox', { name: 'For' }), '7 days');
  await user.click(within(words).getByRole('button', { name: 'Mute word' }));
  expect(api.addMutedWord).toHaveBeenCalledWith('eclipse', 7);
  expect(await within(list).findByText('eclipse')).toBeInTheDocument();
  expect(within(list).getByText('Until December 4, 2026')).toBeInTheDocument();
  expect(within(words).getByRole('textbox', { name: 'Word or phrase' })).toHaveValue('');
  await user.click(within(list).getByRole('button', { name: 'Remove spoiler' }));
  expect(api.removeMutedWord).toHaveBeenCalledWith('w1');
  await waitFor(() => expect(within(list).queryByText('spoiler')).not.toBeInTheDocument());
});

test('a refused muted word says why in the section', async () => {
  api.addMutedWord.mockRejectedValue(httpError(400, 'You can mute at most 200 words.'));
  show();
  const words = region('Muted words');
  await user.type(within(words).getByRole('textbox', { name: 'Word or phrase' }), 'x');
  await user.click(within(words).getByRole('button', { name: 'Mute word' }));
  expect(await within(words).findByRole('alert')).toHaveTextContent('You can mute at most 200 words.');
  expect(api.addMutedWord).toHaveBeenCalledWith('x', undefined);
});

test('who can message you: shows the saved choice and saves a new one, putting it back if refused', async () => {
  const saving = deferred<'everyone' | 'following' | 'nobody'>();
  api.messagePolicy
    .mockReturnValueOnce(saving.promise)
    .mockRejectedValueOnce(httpError(500, 'Database away.'));
  show();
  const dm = region('Direct messages');
  const group = within(dm).getByRole('radiogroup', { name: 'Who can message you' });
  expect(
    within(group)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent),
  ).toEqual(['Everyone', 'People I follow', 'Nobody']);
  expect(await within(group).findByRole('radio', { name: 'People I follow', checked: true })).toBeEnabled();
  await user.click(within(group).getByRole('radio', { name: 'Nobody' }));
  expect(api.messagePolicy).toHaveBeenCalledWith('nobody');
  expect(within(group).getByRole('radio', { name: 'Nobody' })).toBeChecked();
  saving.resolve('nobody');
  expect(await within(dm).findByText('Saved.')).toBeInTheDocument();
  await user.click(within(group).getByRole('radio', { name: 'Everyone' }));
  expect(await within(dm).findByRole('alert')).toHaveTextContent('Database away.');
  expect(within(group).getByRole('radio', { name: 'Nobody' })).toBeChecked();
});

test('the choice waits for the saved policy; a failed load says so with Try again', async () => {
  api.getMessagePolicy
    .mockRejectedValueOnce(httpError(500, 'Database away.'))
    .mockResolvedValueOnce('everyone');
  show();
  const dm = region('Direct messages');
  expect(within(dm).getByRole('radio', { name: 'Everyone' })).toBeDisabled();
  await user.click(await within(dm).findByRole('button', { name: 'Try again' }));
  expect(await within(dm).findByRole('radio', { name: 'Everyone', checked: true })).toBeEnabled();
  expect(api.getMessagePolicy).toHaveBeenCalledTimes(2);
});

test('Download your data starts an archive, says it will be mailed, and lists earlier exports', async () => {
  exports.exports.mockResolvedValue([
    {
      _id: 'e1',
      status: 'ready',
      createdAt: '2026-11-01T00:00:00.000Z',
      expiresAt: '2026-11-08T00:00:00.000Z',
    },
  ]);
  exports.requestExport.mockResolvedValue({
    _id: 'e2',
    status: 'pending',
    createdAt: '2026-11-27T00:00:00.000Z',
    expiresAt: '2026-12-04T00:00:00.000Z',
  });
  show();
  const data = region('Your data');
  const list = await within(data).findByRole('list', { name: 'Your earlier downloads' });
  expect(within(list).getByText('Requested November 1, 2026')).toBeInTheDocument();
  expect(within(list).getByText(/Ready.*link expires November 8, 2026/)).toBeInTheDocument();
  await user.click(within(data).getByRole('button', { name: 'Download your data' }));
  expect(exports.requestExport).toHaveBeenCalledTimes(1);
  expect(
    await within(data).findByText(
      'We are preparing your archive. We will e-mail you a link when it is ready.',
    ),
  ).toBeInTheDocument();
  expect(within(list).getByText('Requested November 27, 2026')).toBeInTheDocument();
  expect(within(list).getByText(/Being prepared/)).toBeInTheDocument();
});

test('a refused export (one a day) shows the server’s words', async () => {
  exports.requestExport.mockRejectedValue(httpError(429, 'You can ask for one archive a day.'));
  show();
  const data = region('Your data');
  await user.click(within(data).getByRole('button', { name: 'Download your data' }));
  expect(await within(data).findByRole('alert')).toHaveTextContent('You can ask for one archive a day.');
});
