import { OVERRIDES_KEY } from '@skynet/contract';
import {
  clearOverrides,
  overrideAllowed,
  parseOverrideParams,
  readStoredOverrides,
  resolveOverrides,
} from './overrides';

const REMOTES = ['mfe-feed', 'mfe-static'];
const LOCAL = 'http://localhost:3002/mf-manifest.json';

function resolve(
  search: string,
  { confirm = (): boolean => true, allowedOrigins = undefined as string[] | undefined } = {},
) {
  const asked: string[] = [];
  const result = resolveOverrides({
    search,
    storage: window.localStorage,
    remotes: REMOTES,
    allowedOrigins,
    confirm: (message) => {
      asked.push(message);
      return confirm();
    },
  });
  return { ...result, asked };
}

beforeEach(() => window.localStorage.clear());

describe('allowed origins', () => {
  it('allows loopback on any port by default patterns, nothing else', () => {
    const loopback = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'];
    expect(overrideAllowed('http://localhost:3001/mf-manifest.json', loopback)).toBe(true);
    expect(overrideAllowed('http://127.0.0.1:9/x.json', loopback)).toBe(true);
    expect(overrideAllowed('http://[::1]:3001/x.json', loopback)).toBe(true);
    expect(overrideAllowed('http://localhost.evil.com:3001/x.json', loopback)).toBe(false);
    expect(overrideAllowed('https://localhost:3001/x.json', loopback)).toBe(false);
    expect(overrideAllowed('http://user:pw@localhost:3001/x.json', loopback)).toBe(false);
    expect(overrideAllowed('javascript:alert(1)', loopback)).toBe(false);
    expect(overrideAllowed('/remotes/x.json', loopback)).toBe(false);
  });

  it('matches a fixed port exactly', () => {
    expect(overrideAllowed('https://dev.example.com/x.json', ['https://dev.example.com'])).toBe(true);
    expect(overrideAllowed('https://dev.example.com:8443/x.json', ['https://dev.example.com'])).toBe(false);
    expect(overrideAllowed('https://dev.example.com:8443/x.json', ['https://dev.example.com:8443'])).toBe(
      true,
    );
  });
});

describe('overrides', () => {
  it('reads ?override=<remote>=<url> pairs', () => {
    expect(parseOverrideParams(`?override=mfe-feed=${encodeURIComponent(LOCAL)}&override=bad`)).toEqual([
      ['mfe-feed', LOCAL],
    ]);
  });

  it('a link takes effect only once the person confirms, and is then kept in localStorage', () => {
    const first = resolve(`?override=mfe-feed=${LOCAL}`);
    expect(first.asked).toHaveLength(1);
    expect(first.asked[0]).toContain('http://localhost:3002');
    expect(first.overrides).toEqual({ 'mfe-feed': LOCAL });
    expect(first.hadParams).toBe(true);
    expect(readStoredOverrides(window.localStorage)).toEqual({ 'mfe-feed': LOCAL });
    const again = resolve('');
    expect(again.asked).toHaveLength(0);
    expect(again.overrides).toEqual({ 'mfe-feed': LOCAL });
  });

  it('a link the person declines does nothing', () => {
    const result = resolve(`?override=mfe-feed=${LOCAL}`, { confirm: () => false });
    expect(result.overrides).toEqual({});
    expect(window.localStorage.getItem(OVERRIDES_KEY)).toBeNull();
  });

  it('a link to a disallowed origin is ignored without even asking', () => {
    const result = resolve('?override=mfe-feed=https://evil.example.com/mf-manifest.json');
    expect(result.asked).toHaveLength(0);
    expect(result.overrides).toEqual({});
    expect(result.ignored[0]).toMatch(/not on an allowed origin/);
  });

  it('a stored override to a disallowed origin (or an unknown remote) is ignored', () => {
    window.localStorage.setItem(
      OVERRIDES_KEY,
      JSON.stringify({
        'mfe-feed': 'https://evil.example.com/mf.json',
        'mfe-new': LOCAL,
        'mfe-static': LOCAL,
      }),
    );
    const result = resolve('');
    expect(result.overrides).toEqual({ 'mfe-static': LOCAL });
    expect(result.ignored).toHaveLength(2);
  });

  it('an empty allow-list turns overrides off', () => {
    window.localStorage.setItem(OVERRIDES_KEY, JSON.stringify({ 'mfe-feed': LOCAL }));
    expect(resolve('', { allowedOrigins: [] }).overrides).toEqual({});
  });

  it('clears one override or all', () => {
    window.localStorage.setItem(OVERRIDES_KEY, JSON.stringify({ 'mfe-feed': LOCAL, 'mfe-static': LOCAL }));
    clearOverrides(window.localStorage, 'mfe-feed');
    expect(readStoredOverrides(window.localStorage)).toEqual({ 'mfe-static': LOCAL });
    clearOverrides(window.localStorage);
    expect(window.localStorage.getItem(OVERRIDES_KEY)).toBeNull();
  });
});
