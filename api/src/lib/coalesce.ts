/**
 * Single flight for identical reads that arrive together: the first caller opens a batch, every identical call made
 * before the batch starts joins it, and the batch runs once, on the next turn of the event loop (setImmediate), so
 * after the last joiner arrived. Every joined caller therefore gets a result read after its own request arrived: a
 * write it made before (its own post, like, ...) is in it, exactly as if it had run its own query. Under load (50
 * clients asking for page 1 of the galaxy feed) one database query answers every request that came in during one
 * event-loop turn. Results are shared: callers must not mutate them.
 */
export function coalescer<T>() {
  const open = new Map<string, Promise<T>>();
  return (key: string, run: () => Promise<T>): Promise<T> => {
    const joined = open.get(key);
    if (joined) return joined;
    const batch = new Promise<T>((resolve, reject) => {
      setImmediate(() => {
        open.delete(key);
        run().then(resolve, reject);
      });
    });
    open.set(key, batch);
    return batch;
  };
}
