// `npm run ops -- <args>` (the CLI itself) on a served product's site folder and data, for specs that change its
// registry as ops would.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { type Product, repoRoot } from './product';

export function runOps(product: Product, ...args: string[]) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'tooling', 'ops', 'cli.mjs'), ...args], {
    env: { ...process.env, SITE_DIR: product.siteDir, DATA_DIR: product.dataDir },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
