// The HTTP client never navigates or renders: it announces, and the shell decides what to do.
type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function emitUnauthorized(): void {
  for (const listener of unauthorizedListeners) listener();
}

/**
 * Access tokens are short-lived: on a 401 the client first asks the session for a fresh token (the refresh cookie)
 * and sends the request once more with it. The session registers how (session/store.ts); it answers the new token,
 * or null when the session is over.
 */
type Refresher = () => Promise<string | null>;
let refresher: Refresher | null = null;

export function setTokenRefresher(fn: Refresher | null): void {
  refresher = fn;
}

export function refreshToken(): Promise<string | null> {
  return refresher ? refresher() : Promise.resolve(null);
}
