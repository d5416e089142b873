// Loopback ports for the servers tests start (redis-server): plain JavaScript, so test/run.mjs can use it too.
import net from 'node:net';

/** A port nothing listens on now (the OS's choice), on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Resolves when something accepts connections on the port, within `ms`. */
export async function waitForPort(port, ms = 5_000) {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const c = net.connect(port, '127.0.0.1');
      c.once('connect', () => {
        c.destroy();
        resolve(true);
      });
      c.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${port} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
