import { OVERRIDES_KEY } from '@skynet/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { OVERRIDE_UI_ID, type OverrideUiOptions, showOverrideUi } from './OverrideUi';
import { overrideProblem } from './overrideProblem';

const REMOTES = ['mfe-feed', 'mfe-static'];
const LOCAL = 'http://localhost:3002/mf-manifest.json';
/** showOverrideUi renders a React root: inside act(), as Testing Library's render does. */
const show = (options: OverrideUiOptions) => {
  let ui: HTMLElement | null = null;
  act(() => {
    ui = showOverrideUi(options);
  });
  return ui as HTMLElement | null;
};
const stored = () => JSON.parse(window.localStorage.getItem(OVERRIDES_KEY) ?? '{}');

beforeEach(() => {
  window.localStorage.clear();
  document.body.replaceChildren(
    Object.assign(document.createElement('header'), { textContent: 'Page header' }),
  );
});

describe('the override banner', () => {
  it('shows nothing without an active override or a request for the panel', () => {
    expect(show({ overrides: {}, remotes: REMOTES })).toBeNull();
    expect(document.getElementById(OVERRIDE_UI_ID)).toBeNull();
  });

  it('names each override, sits in the flow before the page (not over it), and clears one', () => {
    window.localStorage.setItem(OVERRIDES_KEY, JSON.stringify({ 'mfe-feed': LOCAL, 'mfe-static': LOCAL }));
    const reload = jest.fn();
    const ui = show({ overrides: { 'mfe-feed': LOCAL }, remotes: REMOTES, reload });
    expect(document.body.firstElementChild).toBe(ui);
    expect(ui?.style.position).not.toBe('fixed');
    expect(ui?.style.position).not.toBe('absolute');
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('Developer override: mfe-feed → http://localhost:3002');
    expect(document.documentElement.style.getPropertyValue('--sky-top-inset')).toMatch(/^\d+px$/);
    fireEvent.click(within(banner).getByRole('button', { name: 'Clear override of mfe-feed' }));
    expect(stored()).toEqual({ 'mfe-static': LOCAL });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the override panel', () => {
  it('opens from the banner and lists what is active', () => {
    window.localStorage.setItem(OVERRIDES_KEY, JSON.stringify({ 'mfe-feed': LOCAL }));
    show({ overrides: { 'mfe-feed': LOCAL }, remotes: REMOTES, reload: jest.fn() });
    expect(screen.queryByRole('region', { name: 'Developer overrides' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Developer overrides panel' }));
    const panel = screen.getByRole('region', { name: 'Developer overrides' });
    expect(within(panel).getByRole('list', { name: 'Active overrides' })).toHaveTextContent(
      `mfe-feed → ${LOCAL}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Developer overrides panel' }));
    expect(screen.queryByRole('region', { name: 'Developer overrides' })).toBeNull();
  });

  it('adds an override for an allowed origin, saved at once and applied by a reload', () => {
    const reload = jest.fn();
    show({ overrides: {}, remotes: REMOTES, openPanel: true, reload });
    const panel = screen.getByRole('region', { name: 'Developer overrides' });
    expect(panel).toHaveTextContent('No override');
    fireEvent.change(within(panel).getByLabelText(/Remote/), { target: { value: 'mfe-static' } });
    fireEvent.change(within(panel).getByLabelText(/Manifest URL/), {
      target: { value: 'http://127.0.0.1:3005/mf-manifest.json' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add override' }));
    expect(stored()).toEqual({ 'mfe-static': 'http://127.0.0.1:3005/mf-manifest.json' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('refuses an origin the site does not allow, saying which are, and saves nothing', () => {
    const reload = jest.fn();
    show({
      overrides: {},
      remotes: REMOTES,
      allowedOrigins: ['https://dev.example.com'],
      openPanel: true,
      reload,
    });
    const panel = screen.getByRole('region', { name: 'Developer overrides' });
    fireEvent.change(within(panel).getByLabelText(/Manifest URL/), { target: { value: LOCAL } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add override' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'http://localhost:3002 is not allowed on this site (allowed: https://dev.example.com).',
    );
    expect(stored()).toEqual({});
    expect(reload).not.toHaveBeenCalled();
  });

  it('clears one, or all', () => {
    window.localStorage.setItem(OVERRIDES_KEY, JSON.stringify({ 'mfe-feed': LOCAL, 'mfe-static': LOCAL }));
    const reload = jest.fn();
    show({
      overrides: { 'mfe-feed': LOCAL, 'mfe-static': LOCAL },
      remotes: REMOTES,
      openPanel: true,
      reload,
    });
    const panel = screen.getByRole('region', { name: 'Developer overrides' });
    fireEvent.click(within(panel).getByRole('button', { name: "Clear mfe-static's override" }));
    expect(stored()).toEqual({ 'mfe-feed': LOCAL });
    fireEvent.click(within(panel).getByRole('button', { name: 'Clear all overrides' }));
    expect(stored()).toEqual({});
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('says overrides are off when the site allows no origin, with no form', () => {
    show({ overrides: {}, remotes: REMOTES, allowedOrigins: [], openPanel: true });
    const panel = screen.getByRole('region', { name: 'Developer overrides' });
    expect(panel).toHaveTextContent('Developer overrides are off on this site');
    expect(within(panel).queryByRole('button', { name: 'Add override' })).toBeNull();
  });

  it('names the problem with a remote or an address', () => {
    const loopback = ['http://localhost:*'];
    expect(overrideProblem('mfe-nope', LOCAL, REMOTES, loopback)).toMatch(/one of the site's remotes/);
    expect(overrideProblem('mfe-feed', 'localhost:3002', REMOTES, loopback)).toMatch(
      /full http\(s\) address/,
    );
    expect(overrideProblem('mfe-feed', LOCAL, REMOTES, loopback)).toBeNull();
  });
});
