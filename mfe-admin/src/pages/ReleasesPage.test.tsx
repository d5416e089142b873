import { releaseApi } from '@skynet/kit';
import { httpError, renderAt } from '@skynet/kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REFRESH_MS } from '../hooks/useReleases';
import { anOverview, aRelease, aStableRelease } from '../testing/releases';
import ReleasesPage, { RELEASES_EMPTY_TEXT } from './ReleasesPage';

jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  releaseApi: { list: jest.fn(), act: jest.fn() },
}));

const api = jest.mocked(releaseApi);
const show = () => renderAt(<ReleasesPage />, { url: '/admin/releases', path: '/admin/releases' });
const card = (name: string) => screen.findByRole('article', { name });

beforeEach(() => {
  jest.clearAllMocks();
  api.list.mockResolvedValue(
    anOverview({ 'mfe-static': aRelease(), 'mfe-feed': aStableRelease({ stable: '2.3.0' }) }),
  );
});

test('a canary the analysis rolls back: split, policy, decision, measures, failures, versions and history', async () => {
  show();
  expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Releases' })).toHaveAttribute('aria-current', 'page');
  const remote = await card('mfe-static');
  expect(screen.getByText(/Registry revision 7 of product skynet-test\./)).toBeInTheDocument();
  // Remotes with a canary first.
  expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
    'mfe-static',
    'mfe-feed',
  ]);

  expect(
    within(remote).getByText('Canary 1.0.2 serves 25% of people, stable 1.0.0 the other 75%.'),
  ).toBeVisible();
  expect(within(remote).getByRole('img', { name: 'Split: stable 75%, canary 25%' })).toBeInTheDocument();
  expect(within(remote).queryByText('Paused')).not.toBeInTheDocument();

  const steps = within(remote).getByRole('list', { name: "Steps of the canary's share" });
  expect(
    within(steps)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['5%', '25% (current)', '50%', '100%']);
  expect(within(steps).getByText(/^25%/).closest('li')).toHaveAttribute('aria-current', 'step');
  expect(within(remote).getByText('10 min per step')).toBeInTheDocument();
  expect(within(remote).getByText('20 per side')).toBeInTheDocument();
  expect(within(remote).getByText(/^Automatic/)).toBeInTheDocument();

  expect(within(remote).getByText('Roll back', { selector: 'strong' }).closest('p')).toHaveTextContent(
    'Roll back: LCP p75 is 800 ms worse than stable (Mann-Whitney U, p = 0.001)',
  );

  const measures = within(remote).getByRole('table', { name: 'Measures, stable against canary' });
  const lcp = within(measures).getByRole('row', { name: /Largest paint/ });
  expect(
    within(lcp)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['1,200 ms', '2,000 ms', '40 / 35 (stable / canary)', 'Worse', 'Mann-Whitney U, p = 0.001']);
  const failures = within(measures).getByRole('row', { name: /Load failures/ });
  expect(failures).toHaveTextContent('0.0%');
  expect(failures).toHaveTextContent('12.5%');
  expect(within(measures).getByRole('row', { name: /Layout shift/ })).toHaveTextContent('0.0120.013');

  const met = within(remote).getByRole('table', { name: /Failures people met/ });
  const row = within(met).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent('evaluation-error TypeError: Cannot read properties of undefined');
  expect(row).toHaveTextContent('remotes/mfe-static/1.0.2/__federation_expose_app.js:1:2045');
  expect(within(row).getAllByRole('cell')[3]).toHaveTextContent('5');

  const versions = within(remote).getByRole('table', { name: /Published versions/ });
  expect(within(versions).getByRole('row', { name: /1\.0\.2/ })).toHaveTextContent('1.0.2canary');
  expect(within(versions).getByRole('row', { name: /1\.0\.2/ })).toHaveTextContent('1.1.0');

  const history = within(remote).getAllByRole('list', { name: 'History, newest first' })[0]!;
  const lines = within(history).getAllByRole('listitem');
  expect(lines[0]).toHaveTextContent(/rollout 1\.0\.2 by ops@example\.com/);
  expect(lines[0]).toHaveTextContent('new About heading');
  expect(lines[0]).toHaveTextContent('stable 1.0.0 → stable 1.0.0, canary 1.0.2 at 25%');
  expect(lines[1]).toHaveTextContent(/publish 1\.0\.2/);

  for (const name of ['Promote', 'Pause', 'Roll back'])
    expect(within(remote).getByRole('button', { name })).toBeInTheDocument();
});

test('each chart has an accessible name and its figures in a table', async () => {
  const user = userEvent.setup();
  show();
  const remote = await card('mfe-static');
  const chart = within(remote).getByRole('figure', { name: 'Largest paint (LCP, p75)' });
  expect(within(chart).getByRole('img')).toHaveAccessibleName(
    'Largest paint (LCP, p75), stable against canary per minute from 12:01 to 12:03 UTC (milliseconds, lower is better). Latest: stable 1,210 ms, canary 2,010 ms.',
  );
  await user.click(within(chart).getByText('Figures of this chart'));
  const table = within(chart).getByRole('table', { name: /Largest paint .* per minute/ });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => r.textContent)).toEqual([
    '12:011,180 ms (12)1,990 ms (11)',
    '12:021,220 ms (14)No data',
    '12:031,210 ms (14)2,010 ms (12)',
  ]);
  expect(within(remote).getByRole('figure', { name: 'Load failures' })).toBeInTheDocument();
  // No series, no chart: INP had none.
  expect(within(remote).queryByRole('figure', { name: /INP/ })).not.toBeInTheDocument();
});

test('a remote without a canary shows stable, versions and history, and no analysis', async () => {
  show();
  const remote = await card('mfe-feed');
  expect(within(remote).getByText('2.3.0')).toBeInTheDocument();
  expect(within(remote).getByText('None')).toBeInTheDocument();
  expect(within(remote).queryByRole('heading', { name: 'Analysis' })).not.toBeInTheDocument();
  expect(within(remote).queryByRole('heading', { name: 'Policy' })).not.toBeInTheDocument();
  expect(within(remote).getByRole('heading', { name: 'Versions' })).toBeInTheDocument();
  expect(within(remote).getByText('No registry changes yet.')).toBeInTheDocument();
  expect(within(remote).getAllByText('not recorded')).toHaveLength(2);
  expect(within(remote).queryByRole('button', { name: 'Promote' })).not.toBeInTheDocument();
  expect(within(remote).getByRole('button', { name: 'Roll back' })).toBeInTheDocument();
});

test('Roll back asks for a reason, sends it, and shows the remote as the API answers it', async () => {
  const user = userEvent.setup();
  const after = aRelease({
    canary: null,
    analysis: null,
    history: [
      {
        at: '2026-11-27T12:11:00.000Z',
        command: 'rollback',
        user: 'root',
        version: '1.0.2',
        reason: 'Paints 800 ms later',
        from: { stable: '1.0.0', canary: { version: '1.0.2', percent: 25 } },
        to: { stable: '1.0.0', canary: null },
      },
      ...aRelease().history,
    ],
  });
  api.act.mockResolvedValue(after);
  show();
  const remote = await card('mfe-static');
  await user.click(within(remote).getByRole('button', { name: 'Roll back' }));
  const form = within(remote).getByRole('form', { name: 'Roll back mfe-static: end the canary 1.0.2' });
  expect(within(form).getByLabelText('Reason')).toHaveFocus();
  await user.click(within(form).getByRole('button', { name: 'Confirm roll back' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Give a reason: the release history keeps it.');
  expect(api.act).not.toHaveBeenCalled();

  await user.type(within(form).getByLabelText('Reason'), 'Paints 800 ms later');
  await user.click(within(form).getByRole('button', { name: 'Confirm roll back' }));
  expect(api.act).toHaveBeenCalledWith('mfe-static', 'rollback', 'Paints 800 ms later');
  expect(await screen.findByText('mfe-static rolled back: everyone gets 1.0.0.')).toBeInTheDocument();
  expect(within(remote).queryByRole('form')).not.toBeInTheDocument();
  expect(within(remote).getByRole('button', { name: 'Roll back' })).toHaveFocus();
  expect(within(remote).queryByRole('heading', { name: 'Analysis' })).not.toBeInTheDocument();
  const first = within(within(remote).getByRole('list', { name: 'History, newest first' })).getAllByRole(
    'listitem',
  )[0];
  expect(first).toHaveTextContent(/rollback 1\.0\.2 by root/);
  expect(first).toHaveTextContent('Paints 800 ms later');
  expect(api.list).toHaveBeenCalledTimes(1);
});

test('Promote and Pause send their reason; a paused canary offers Resume', async () => {
  const user = userEvent.setup();
  show();
  const remote = await card('mfe-static');
  /** Opens `button`'s form (`form` its name), types the reason and confirms. */
  const run = async (button: string, form: string, reason: string) => {
    await user.click(within(remote).getByRole('button', { name: button }));
    const open = within(remote).getByRole('form', { name: form });
    await user.type(within(open).getByLabelText('Reason'), reason);
    await user.click(within(open).getByRole('button', { name: `Confirm ${button.toLowerCase()}` }));
  };

  api.act.mockResolvedValueOnce(aRelease({ canary: { ...aRelease().canary!, paused: true } }));
  await run('Pause', 'Pause the canary of mfe-static', 'Looking at the errors');
  expect(api.act).toHaveBeenLastCalledWith('mfe-static', 'pause', 'Looking at the errors');
  expect(await screen.findByText("mfe-static's canary is paused where it is.")).toBeInTheDocument();
  expect(within(remote).getByText('Paused')).toBeInTheDocument();
  expect(within(remote).getByText(/\(paused: the job leaves it where it is\)/)).toBeInTheDocument();

  api.act.mockResolvedValueOnce(aRelease());
  await run('Resume', 'Resume the canary of mfe-static', 'Errors explained');
  expect(api.act).toHaveBeenLastCalledWith('mfe-static', 'pause', 'Errors explained');
  expect(await screen.findByText("mfe-static's canary is running again.")).toBeInTheDocument();

  api.act.mockResolvedValueOnce(aRelease({ stable: '1.0.2', canary: null, analysis: null }));
  await run('Promote', 'Promote mfe-static 1.0.2 to stable', 'Good for a day');
  expect(api.act).toHaveBeenLastCalledWith('mfe-static', 'promote', 'Good for a day');
  expect(await screen.findByText('mfe-static 1.0.2 is stable for everyone.')).toBeInTheDocument();
  expect(within(remote).queryByRole('button', { name: 'Promote' })).not.toBeInTheDocument();
  // Its button gone, focus lands on the remote's name.
  expect(within(remote).getByRole('heading', { level: 2, name: 'mfe-static' })).toHaveFocus();
});

test("the server's refusal shows in the form, which stays open", async () => {
  const user = userEvent.setup();
  api.act.mockRejectedValue(httpError(409, 'mfe-static has no canary to promote.'));
  show();
  const remote = await card('mfe-static');
  await user.click(within(remote).getByRole('button', { name: 'Promote' }));
  const form = within(remote).getByRole('form', { name: /Promote mfe-static/ });
  await user.type(within(form).getByLabelText('Reason'), 'Ship it');
  await user.click(within(form).getByRole('button', { name: 'Confirm promote' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('mfe-static has no canary to promote.');
  expect(
    within(remote).getByText('Canary 1.0.2 serves 25% of people, stable 1.0.0 the other 75%.'),
  ).toBeVisible();
  await user.click(within(form).getByRole('button', { name: 'Cancel' }));
  expect(within(remote).queryByRole('form')).not.toBeInTheDocument();
  expect(within(remote).getByRole('button', { name: 'Promote' })).toHaveFocus();
});

test('an empty registry says so', async () => {
  api.list.mockResolvedValue(anOverview({}));
  show();
  expect(await screen.findByText(RELEASES_EMPTY_TEXT)).toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
});

test('loading, then a failure with its reason and Try again', async () => {
  const user = userEvent.setup();
  api.list.mockRejectedValueOnce(httpError(403, 'Administrators only.'));
  show();
  expect(screen.getByText('Loading releases…')).toHaveAttribute('role', 'status');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The releases could not be loaded: Administrators only.',
  );
  expect(screen.queryByText(RELEASES_EMPTY_TEXT)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await card('mfe-static')).toBeInTheDocument();
});

describe('refresh', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('reads again every 15 s while visible, keeps the figures when a read fails, not while hidden', async () => {
    show();
    await act(async () => {
      await Promise.resolve();
    });
    expect(await screen.findByRole('article', { name: 'mfe-static' })).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledTimes(1);

    api.list.mockResolvedValueOnce(anOverview({ 'mfe-static': aRelease({ stable: '1.0.1' }) }));
    await act(async () => {
      jest.advanceTimersByTime(REFRESH_MS);
    });
    expect(api.list).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'mfe-feed' })).not.toBeInTheDocument());

    api.list.mockRejectedValueOnce(httpError(503, 'Try later.'));
    await act(async () => {
      jest.advanceTimersByTime(REFRESH_MS);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not refresh (Try later.)');
    expect(screen.getByRole('article', { name: 'mfe-static' })).toBeInTheDocument();

    const state = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      jest.advanceTimersByTime(REFRESH_MS * 2);
    });
    expect(api.list).toHaveBeenCalledTimes(3);
    state.mockReturnValue('visible');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(api.list).toHaveBeenCalledTimes(4);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    state.mockRestore();
  });
});
