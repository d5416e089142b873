import { moderationApi } from '@skynet/kit';
import { httpError, renderAt } from '@skynet/kit/testing';
import { screen, within } from '@testing-library/react';
import { anEntry } from '../testing/reports';
import AuditPage, { AUDIT_EMPTY_TEXT } from './AuditPage';

jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  moderationApi: { audit: jest.fn() },
}));

const api = jest.mocked(moderationApi);
const show = (url = '/admin/audit') => renderAt(<AuditPage />, { url, path: '/admin/audit' });

beforeEach(() => jest.clearAllMocks());

test('the audit log is a table: when, who, action, target and reason', async () => {
  api.audit.mockResolvedValue([
    anEntry(),
    anEntry({
      _id: 'a2',
      actor: 'npm run admin (ops)',
      action: 'grant',
      targetName: null,
      targetId: 'u-7',
      reason: 'New moderator',
    }),
  ]);
  show();
  expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
  const table = await screen.findByRole('table');
  expect(api.audit).toHaveBeenCalledWith(0);
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['When', 'Who', 'Action', 'Target', 'Reason']);
  const [, first, second] = within(table).getAllByRole('row');
  expect(
    within(first!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual([expect.stringMatching(/Nov 21, 2026/), 'root', 'suspend', '@nova', 'Repeated harassment']);
  expect(within(first!).getByRole('link', { name: '@nova' })).toHaveAttribute('href', '/user/u-bad');
  expect(second).toHaveTextContent('npm run admin (ops)');
  expect(second).toHaveTextContent('@u-7');
  expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
});

test('an empty log says so', async () => {
  api.audit.mockResolvedValue([]);
  show();
  expect(await screen.findByText(AUDIT_EMPTY_TEXT)).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('the page in the address is read, and a failure is shown', async () => {
  api.audit.mockRejectedValue(httpError(500, 'The database is away.'));
  show('/admin/audit?page=3');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The audit log could not be loaded: The database is away.',
  );
  expect(api.audit).toHaveBeenCalledWith(2);
});
