// Builds are reproducible (issue 24): two production builds of unchanged source give byte-identical files, so a
// version's integrity, `ops publish`'s "same files: nothing to do" and `npm start`'s publishing never see a change
// that is not in the source. Builds a remote with a prerender step and a second exposed module (mfe-map) and the shell, each twice, into
// temporary folders (BUILD_OUTPUT_DIR, so the checkout's dist/ is left alone), and compares every file.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'skynet-reproducible-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** @param {string} folder @param {string} out */
function build(folder, out) {
  const run = spawnSync(join(repo, folder, 'node_modules', '.bin', 'rspack'), ['build'], {
    cwd: join(repo, folder),
    env: { ...process.env, NODE_ENV: 'production', BUILD_OUTPUT_DIR: out },
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(run.status, 0, `${folder} did not build:\n${run.stdout}\n${run.stderr}`);
  return out;
}

/** Every file under `dir`, '/'-separated, sorted. @param {string} dir */
function files(dir) {
  /** @type {string[]} */
  const found = [];
  const walk = (/** @type {string} */ current) => {
    for (const name of readdirSync(current)) {
      const full = join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else found.push(relative(dir, full).split('\\').join('/'));
    }
  };
  walk(dir);
  return found.sort();
}

// mfe-map: a prerender step and an exposed module besides ./app (where Module Federation's stats varied).
for (const folder of ['mfe-map', 'shell']) {
  test(`two builds of ${folder} from the same source are byte for byte the same`, () => {
    const first = build(folder, join(scratch, `${folder}-1`));
    const second = build(folder, join(scratch, `${folder}-2`));
    const names = files(first);
    assert.ok(names.includes(folder === 'shell' ? 'index.html' : 'mf-manifest.json'), 'a complete build');
    assert.deepEqual(files(second), names, 'the same file names');
    for (const name of names) {
      const a = readFileSync(join(first, name));
      const b = readFileSync(join(second, name));
      if (a.equals(b)) continue;
      let at = 0;
      while (at < a.length && a[at] === b[at]) at += 1;
      const context = (/** @type {Buffer} */ bytes) =>
        bytes.subarray(Math.max(0, at - 40), at + 40).toString('utf8');
      assert.fail(`${folder}: ${name} differs at byte ${at}:\n  ${context(a)}\n  ${context(b)}`);
    }
  });
}
