// One product for the whole run; tests that need their own call startProduct() themselves.
// E2E_TARGET=cluster runs the tests against the shape Skynet ships in instead: `npm run cluster` (2 API nodes behind
// HAProxy) on a PostgreSQL (initdb in a temporary folder) and a Redis of the run's own (e2e/chaos/topology.mjs), so a
// live message or a sign-out crosses nodes through Redis and PostgreSQL. `npm test` runs a smoke subset that way.
import { startProduct } from './product';

async function startCluster() {
  // Imported only here: the module makes its temporary folder when loaded.
  const { cleanup, cleanups, cluster, postgres, redis } = await import('./chaos/topology.mjs');
  try {
    await postgres.create();
    // A database of its own on that PostgreSQL for the specs that start a product of their own (a passkey needs the
    // product at http://localhost: account-security.spec.ts), so they too run on PostgreSQL in this shape.
    postgres.createDatabase('spec');
    process.env.E2E_SPEC_DATABASE_URL = postgres.urlOf('spec');
    await redis.start();
    cleanups.push(() => redis.stop());
    await cluster.start({
      ready: async () => {
        try {
          return (await fetch(`${cluster.base}/api/health/ready`)).ok;
        } catch {
          return false;
        }
      },
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { baseURL: cluster.base, dataDir: cluster.dataDir, stop: cleanup };
}

export default async function globalSetup() {
  // The shared product's embedded database starts empty, as a new install's does (the specs' own start from a copy).
  const product =
    process.env.E2E_TARGET === 'cluster' ? await startCluster() : await startProduct({ emptyDatabase: true });
  process.env.E2E_BASE_URL = product.baseURL;
  process.env.E2E_DATA_DIR = product.dataDir;
  return async () => product.stop();
}
