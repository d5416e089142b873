// The worker thread in which the synchronous ops commands run their PostgreSQL registry operations (synckit: the
// calling thread waits on an Atomics handle for the answer). Errors come back as data, so an OpsError's message and
// code survive the trip (registry-store.mjs turns them into an OpsError again).
import { runAsWorker } from 'synckit';
import { operations } from './registry-pg.mjs';

runAsWorker(
  /**
   * @param {keyof typeof operations} name
   * @param {string} url
   * @param {string} site
   * @param {unknown[]} args
   */
  async (name, url, site, ...args) => {
    try {
      // The operations take different arguments; `any` here because each checks its own (JSDoc types).
      const value = await /** @type {any} */ (operations[name])(url, site, ...args);
      return { ok: true, value };
    } catch (error) {
      const { message, code } = /** @type {Error & { code?: string }} */ (error);
      return {
        ok: false,
        ops: /** @type {Error} */ (error)?.name === 'OpsError',
        message: message ?? String(error),
        code: typeof code === 'string' ? code : undefined,
      };
    }
  },
);
