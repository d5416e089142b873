#!/usr/bin/env node
// Rewrites every ^/~ range in the workspace's package.json files to the exact installed version,
// so a dependency only changes when someone changes it on purpose.
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTES } from '../tooling/site/layout.mjs';

const dirs = ['.', 'shared', 'shell', ...REMOTES, 'api', 'e2e', 'tooling'];
for (const dir of dirs) {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) continue;
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  for (const field of ['dependencies', 'devDependencies']) {
    for (const [name, range] of Object.entries(pkg[field] ?? {})) {
      if (!/^[\^~]/.test(range)) continue;
      const installed = join(dir, 'node_modules', name, 'package.json');
      if (!existsSync(installed)) continue;
      pkg[field][name] = JSON.parse(readFileSync(realpathSync(installed), 'utf8')).version;
    }
  }
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
}
