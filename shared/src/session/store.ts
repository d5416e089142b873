// The session: token, current user, and who is listening. One store for the whole product, because
// @skynet/shared is a Module Federation singleton; any remote's React tree reads it with useSession().
import type { CurrentUser, SessionStatus } from '@skynet/contract';
import { useSyncExternalStore } from 'react';
import { setTokenRefresher } from '../http/events';
import { dropHeadStart } from '../http/headStart';
import { readToken, writeToken } from '../http/token';
import { closeSocket } from '../socket';
import { sessionCalls } from './calls';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: CurrentUser | null;
  /** Why the last session ended: the person signed out, or the token stopped working (then we offer a way back). */
  endedBy: 'user' | 'expiry' | null;
}

type Listener = (state: SessionState) => void;

/** A token's claims as the server wrote them (not checked here: the server checks; this only plans the renewal). */
export function tokenTimes(token: string): { issuedAt: number; expiresAt: number } | null {
  try {
    const body = token.split('.')[1] ?? '';
    const json = atob(
      body
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(body.length / 4) * 4, '='),
    );
    const { iat, exp } = JSON.parse(json) as { iat?: unknown; exp?: unknown };
    if (typeof exp !== 'number') return null;
    return { issuedAt: typeof iat === 'number' ? iat * 1000 : Date.now(), expiresAt: exp * 1000 };
  } catch {
    return null;
  }
}

/** Renew this long before the token ends (at most a fifth of its life). */
const RENEW_AHEAD_MS = 60_000;
let renewTimer: ReturnType<typeof setTimeout> | null = null;
let renewing: Promise<string | null> | null = null;

/** Plans the renewal of `token` shortly before it expires (access tokens live 15 minutes). */
function planRenewal(token: string | null): void {
  if (renewTimer) clearTimeout(renewTimer);
  renewTimer = null;
  const times = token ? tokenTimes(token) : null;
  if (!times) return;
  const ahead = Math.min(RENEW_AHEAD_MS, (times.expiresAt - times.issuedAt) / 5);
  const delay = Math.max(times.expiresAt - ahead - Date.now(), 1_000);
  renewTimer = setTimeout(() => {
    renewTimer = null;
    if (readToken()) void session.renew();
  }, delay);
}

function end(endedBy: 'user' | 'expiry'): void {
  planRenewal(null);
  dropHeadStart();
  writeToken(null);
  void closeSocket();
  set({ token: null, user: null, status: 'signed-out', endedBy });
}

let state: SessionState = { status: 'loading', token: readToken(), user: null, endedBy: null };
const listeners = new Set<Listener>();

function set(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener(state);
}

export const session = {
  get: (): SessionState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Saves a new token (after login, signup, code exchange) and looks the user up. */
  async signIn(token: string): Promise<CurrentUser | null> {
    dropHeadStart();
    writeToken(token);
    planRenewal(token);
    set({ token, status: 'loading', endedBy: null });
    return session.refreshUser();
  },
  /**
   * The person signs out (Logout): the server is asked to end this session (POST /user/logout: its tokens, refresh
   * cookie and live sockets, with the token as it was), then the token and the live socket go here at once and the
   * shell shows /login. A failed or slow call (5 s at most) changes nothing here: the browser is signed out either
   * way. The returned promise settles when the server has answered (or not).
   */
  signOut(): Promise<void> {
    const token = readToken();
    const told = sessionCalls.logout(token).catch(() => {
      // Signed out in this browser all the same; the access token ends by itself within minutes.
    });
    end('user');
    return told;
  },
  /**
   * A fresh access token through the refresh cookie (GET /user/login?token=refresh), one request at a time however
   * many ask: kept and answered, or null when the session is over (nothing is changed then).
   */
  renew(): Promise<string | null> {
    renewing ??= sessionCalls
      .refreshToken()
      .then((fresh) => {
        const before = readToken();
        if (!fresh || !before) return null;
        writeToken(fresh);
        // Renewed for longer (the refresh cookie): plan the next renewal. A token that ends when the old one did
        // (no cookie: the API never extends those) is not renewed again; its expiry ends the session.
        const [was, now] = [tokenTimes(before), tokenTimes(fresh)];
        if (!was || !now || now.expiresAt > was.expiresAt) planRenewal(fresh);
        set({ token: fresh });
        return fresh;
      })
      .finally(() => {
        renewing = null;
      });
    return renewing;
  },
  /** The token stopped working (401): like signOut, but /login offers to return to where they were. */
  expire(): void {
    end('expiry');
  },
  /** Spec point 4: at start the token is refreshed (re-saved) and the current user looked up. */
  async start(): Promise<CurrentUser | null> {
    const token = readToken();
    if (!token) {
      set({ token: null, user: null, status: 'signed-out' });
      return null;
    }
    // Both at once: the saved token is good for the lookup while the fresh one is on its way (an expired one gets a
    // 401, and the lookup goes again with the fresh token: the HTTP client waits for this same renewal).
    const refreshing = session.renew();
    const user = await session.refreshUser();
    await refreshing;
    if (readToken()) set({ token: readToken() });
    return user;
  },
  /** Looks the current user up again (at start and on each navigation); no user means signed out. */
  async refreshUser(): Promise<CurrentUser | null> {
    if (!readToken()) {
      set({ token: null, user: null, status: 'signed-out' });
      return null;
    }
    set({ token: readToken() });
    try {
      const user = await sessionCalls.currentUser();
      set({ user, status: 'signed-in', token: readToken() });
      return user;
    } catch (error) {
      const status = (error as { response?: { status?: number } }).response?.status;
      if (status === 401 || status === 403 || status === 404) {
        session.expire();
        return null;
      }
      // A network blip keeps whoever was signed in; with no one known yet we cannot show signed-in pages.
      if (!state.user) set({ status: 'signed-out' });
      return state.user;
    }
  },
  /**
   * The API answered a new token for the same person (a password change retires every older one): keep it, and
   * reopen the live socket with it, so the person stays signed in. The session is the only writer of the token.
   */
  replaceToken(token: string): void {
    writeToken(token);
    planRenewal(token);
    void closeSocket();
    set({ token });
  },
  /** Local update after a profile change, so every area shows the new name/avatar at once. */
  patchUser(patch: Partial<CurrentUser>): void {
    if (state.user) set({ user: { ...state.user, ...patch } });
  },
};

setTokenRefresher(() => session.renew());

/** The session in React: re-renders when it changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
