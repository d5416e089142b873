#!/usr/bin/env node
// What the image adds to the api's production install (`pnpm deploy --prod`): the ops CLI and the site refresh
// (tooling/, plain .mjs, copied with every file they import) and the `skynet` command (deploy/skynet). Every import
// of the copied files must resolve inside the output: relative ones among the copied files, package ones from the
// api's node_modules (@skynet/site, @skynet/contract, pg, semver: the api package lists them). The Dockerfile runs
// it in its build stage; api/test/image-files.test.ts runs it on a `pnpm deploy` output here, where no container
// daemon is. `node scripts/image-layout.mjs <deploy output>`
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The entry points the image runs: `skynet ops` and `skynet start`'s refresh. */
export const IMAGE_ENTRIES = ['tooling/ops/cli.mjs', 'tooling/site/refresh-site.mjs'];
/** The image's command, at the root of the api's output. */
export const SKYNET_SCRIPT = { from: 'deploy/skynet', to: 'skynet' };

/** Every `import … from '…'`, `export … from '…'` and `import('…')` specifier of a module's text. @param {string} text */
export function importsOf(text) {
  const found = new Set();
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?\sfrom\s+'([^']+)'/gm)) found.add(m[1]);
  for (const m of text.matchAll(/^\s*import\s+'([^']+)'/gm)) found.add(m[1]);
  for (const m of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) found.add(m[1]);
  return [...found].filter((spec) => !spec.startsWith('node:'));
}

/**
 * The repository files the entries need (relative imports followed) and the packages they import.
 * @param {string[]} [entries]
 */
export function imageModules(entries = IMAGE_ENTRIES) {
  const files = new Set();
  const packages = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of importsOf(readFileSync(join(repo, file), 'utf8'))) {
      if (spec.startsWith('.')) queue.push(relative(repo, resolve(repo, dirname(file), spec)));
      else packages.add(spec);
    }
  }
  return { files: [...files].sort(), packages: [...packages].sort() };
}

/**
 * Copies the image's tooling and command into `out` (the api's deploy output) and checks that each package they
 * import resolves from there. Throws naming what is missing.
 * @param {string} out
 */
export function layImage(out) {
  const { files, packages } = imageModules();
  for (const file of files) {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    copyFileSync(join(repo, file), join(out, file));
  }
  copyFileSync(join(repo, SKYNET_SCRIPT.from), join(out, SKYNET_SCRIPT.to));
  chmodSync(join(out, SKYNET_SCRIPT.to), 0o755);
  const require = createRequire(join(out, 'package.json'));
  const missing = packages.filter((spec) => {
    try {
      require.resolve(spec);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0)
    throw new Error(
      `${out}: the image's tooling imports ${missing.join(', ')}, which the api's production install does not ` +
        'have: add them to api/package.json "dependencies"',
    );
  return { files, packages };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2];
  if (!out || !existsSync(join(out, 'package.json'))) {
    console.error('usage: node scripts/image-layout.mjs <the api package deployed with pnpm deploy --prod>');
    process.exit(2);
  }
  const { files, packages } = layImage(resolve(out));
  console.log(
    `image-layout: ${files.length} tooling files and skynet in ${out}; packages: ${packages.join(', ')}`,
  );
}
