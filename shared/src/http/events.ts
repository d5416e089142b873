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
