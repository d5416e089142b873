import { moderationApi } from '@skynet/kit';
import { httpError, makePost, renderAt } from '@skynet/kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aReport } from '../testing/reports';
import ReportsPage from './ReportsPage';

jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  moderationApi: {
    reports: jest.fn(),
    resolve: jest.fn(),
    setMeasure: jest.fn(),
    restorePost: jest.fn(),
    audit: jest.fn(),
  },
}));

const api = jest.mocked(moderationApi);
const show = (url = '/admin') => renderAt(<ReportsPage />, { url, path: '/admin' });
const card = async (name: RegExp | string) => screen.findByRole('article', { name });

beforeEach(() => {
  jest.clearAllMocks();
  api.reports.mockResolvedValue([aReport()]);
});

test('the queue shows each open report with its reason, text, person and the post in context', async () => {
  show();
  expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
  const report = await card('Post reported for harassment');
  expect(api.reports).toHaveBeenCalledWith('open', 0);
  expect(within(report).getByText('They keep replying to insult me.')).toBeInTheDocument();
  expect(within(report).getByText(/Reported by/)).toHaveTextContent('@vega');
  expect(within(report).getByRole('heading', { name: 'About @nova' })).toBeInTheDocument();
  expect(within(report).getByText('3 open reports')).toBeInTheDocument();
  expect(within(report).getByRole('figure', { name: 'Reported post' })).toHaveTextContent(
    'You are all fools',
  );
  expect(within(report).getByRole('figure', { name: 'Replying to' })).toHaveTextContent('Hello galaxy');
  for (const action of ['Dismiss', 'Remove post', 'Warn', 'Silence', 'Suspend'])
    expect(within(report).getByRole('button', { name: action })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page');
});

test('an action asks for a reason before it is sent, then the queue is read again', async () => {
  const user = userEvent.setup();
  api.resolve.mockResolvedValue(aReport({ status: 'resolved' }));
  show();
  const report = await card('Post reported for harassment');
  await user.click(within(report).getByRole('button', { name: 'Suspend' }));
  const form = within(report).getByRole('form', { name: 'Suspend @nova' });
  await user.click(within(form).getByRole('button', { name: 'Confirm suspend' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Give a reason');
  expect(api.resolve).not.toHaveBeenCalled();

  api.reports.mockResolvedValue([]);
  await user.type(within(form).getByLabelText('Reason'), 'Repeated harassment');
  await user.click(within(form).getByRole('button', { name: 'Confirm suspend' }));
  expect(api.resolve).toHaveBeenCalledWith('r1', 'suspend', 'Repeated harassment');
  expect(await screen.findByText('Report resolved: suspended.')).toBeInTheDocument();
  expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  expect(api.reports).toHaveBeenCalledTimes(2);
});

test("the API's refusal shows in the form, which stays open to try again", async () => {
  const user = userEvent.setup();
  api.resolve.mockRejectedValue(httpError(409, 'This report is already resolved.'));
  show();
  const report = await card('Post reported for harassment');
  await user.click(within(report).getByRole('button', { name: 'Dismiss' }));
  const form = within(report).getByRole('form', { name: 'Dismiss the report about @nova' });
  await user.type(within(form).getByLabelText('Reason'), 'Not a violation');
  await user.click(within(form).getByRole('button', { name: 'Confirm dismiss' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('This report is already resolved.');
  await user.click(within(form).getByRole('button', { name: 'Cancel' }));
  expect(within(report).queryByRole('form')).not.toBeInTheDocument();
});

test('Remove post is offered on post reports only; a person report shows their recent posts', async () => {
  api.reports.mockResolvedValue([
    aReport({
      _id: 'r2',
      targetType: 'user',
      targetId: 'u-bad',
      reason: 'spam',
      text: '',
      context: { posts: [makePost({ _id: 'p9', content: 'Buy stars now' })] },
    }),
  ]);
  show();
  const report = await card('Person reported for spam');
  expect(within(report).queryByRole('button', { name: 'Remove post' })).not.toBeInTheDocument();
  expect(within(report).getByRole('list', { name: 'Recent posts of @nova' })).toHaveTextContent(
    'Buy stars now',
  );
  expect(within(report).getByText('The reporter wrote nothing more.')).toBeInTheDocument();
});

test('a conversation report shows the messages with who wrote each', async () => {
  api.reports.mockResolvedValue([
    aReport({
      targetType: 'conversation',
      targetId: 'u-bad',
      context: {
        messages: [
          {
            _id: 'm1',
            content: 'Stop writing to me',
            senderId: 'u-rep',
            createdAt: '2026-11-20T09:00:00.000Z',
            conversationId: 'c1',
          },
          {
            _id: 'm2',
            content: 'Never',
            senderId: 'u-bad',
            createdAt: '2026-11-20T09:01:00.000Z',
            conversationId: 'c1',
          },
        ],
      },
    }),
  ]);
  show();
  const report = await card('Conversation reported for harassment');
  const messages = within(within(report).getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
  expect(messages[0]).toHaveTextContent(/@vega.*Stop writing to me/);
  expect(messages[1]).toHaveTextContent(/@nova.*Never/);
});

test('measures in force show as marks, and each undo asks for a reason', async () => {
  const user = userEvent.setup();
  api.setMeasure.mockResolvedValue();
  api.restorePost.mockResolvedValue();
  api.reports.mockResolvedValue([
    aReport({
      status: 'resolved',
      target: {
        _id: 'u-bad',
        userName: 'nova',
        avatarUrl: null,
        suspended: true,
        silenced: true,
        openReports: 0,
      },
      context: {
        post: makePost({ _id: 'p1', userName: 'nova', removed: true, deleted: true, content: '' }),
        parent: null,
      },
      resolution: { action: 'remove', reason: 'Insults', by: 'root', at: '2026-11-21T09:30:00.000Z' },
    }),
  ]);
  show('/admin?status=resolved');
  const report = await card('Post reported for harassment');
  expect(api.reports).toHaveBeenCalledWith('resolved', 0);
  expect(screen.getByRole('link', { name: 'Resolved' })).toHaveAttribute('aria-current', 'page');
  expect(within(report).getByText('Suspended')).toBeInTheDocument();
  expect(within(report).getByText('Silenced')).toBeInTheDocument();
  expect(within(report).getByText('Removed by moderators')).toBeInTheDocument();
  expect(
    within(report)
      .getByText(/Post removed/)
      .closest('p'),
  ).toHaveTextContent(/by root on .*: Insults/);
  expect(within(report).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();

  await user.click(within(report).getByRole('button', { name: 'Unsuspend' }));
  let form = within(report).getByRole('form', { name: 'Unsuspend @nova' });
  await user.type(within(form).getByLabelText('Reason'), 'Appeal accepted');
  await user.click(within(form).getByRole('button', { name: 'Confirm unsuspend' }));
  expect(api.setMeasure).toHaveBeenCalledWith('u-bad', 'suspend', false, 'Appeal accepted');
  expect(await screen.findByText('@nova is no longer suspended.')).toBeInTheDocument();

  await user.click(within(report).getByRole('button', { name: 'Unsilence' }));
  form = within(report).getByRole('form', { name: 'Unsilence @nova' });
  await user.type(within(form).getByLabelText('Reason'), 'Appeal accepted');
  await user.click(within(form).getByRole('button', { name: 'Confirm unsilence' }));
  expect(api.setMeasure).toHaveBeenCalledWith('u-bad', 'silence', false, 'Appeal accepted');

  await user.click(within(report).getByRole('button', { name: 'Restore post' }));
  form = within(report).getByRole('form', { name: 'Restore the post by @nova' });
  await user.type(within(form).getByLabelText('Reason'), 'Context was satire');
  await user.click(within(form).getByRole('button', { name: 'Confirm restore post' }));
  expect(api.restorePost).toHaveBeenCalledWith('p1', 'Context was satire');
  expect(await screen.findByText('The post is back where it stood.')).toBeInTheDocument();
});

test('empty states for both tabs, and paging through the address', async () => {
  api.reports.mockResolvedValue([]);
  show();
  expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Pages of reports' })).not.toBeInTheDocument();
});

test('a full page offers the next one; a later page offers the previous one', async () => {
  const user = userEvent.setup();
  api.reports.mockResolvedValue(Array.from({ length: 20 }, (_, i) => aReport({ _id: `r${i}` })));
  show();
  await screen.findAllByRole('article');
  const pager = screen.getByRole('navigation', { name: 'Pages of reports' });
  api.reports.mockResolvedValue([aReport({ _id: 'r-last' })]);
  await user.click(within(pager).getByRole('link', { name: 'Next page' }));
  await waitFor(() => expect(api.reports).toHaveBeenLastCalledWith('open', 1));
  expect(screen.getByTestId('location')).toHaveTextContent('/admin?page=2');
  expect(await screen.findByRole('link', { name: 'Previous page' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
});

test('the resolved tab says when there is nothing resolved', async () => {
  api.reports.mockResolvedValue([]);
  show('/admin?status=resolved');
  expect(await screen.findByText('No resolved reports.')).toBeInTheDocument();
});

test('a failure to load is shown with its reason and a way to try again', async () => {
  const user = userEvent.setup();
  api.reports.mockRejectedValueOnce(httpError(403, 'Administrators only.'));
  show();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The reports could not be loaded: Administrators only.',
  );
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await card('Post reported for harassment')).toBeInTheDocument();
});
