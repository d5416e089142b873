// The token lives in localStorage under `jwt` (spec point 9). Only the session (session/store.ts) writes it.
import { TOKEN_KEY } from '@skynet/contract';

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private mode quotas); the session store still holds the token in memory.
  }
}
