// The generator of a new remote (npm run new-remote), on a throw-away workspace folder (--root): the files it writes,
// what it refuses, and that the one list of remotes (tooling/site/layout.mjs) takes the new folder with no other edit.
// A build of a generated remote in the real workspace is done by hand and recorded in docs/operations.md ("A new
// remote in minutes"). node --test tooling/new-remote/
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readPackageRoutes } from '../routes/read-routes.mjs';
import { repoRoot, workspaceRemotes } from '../site/layout.mjs';
import { createRemote, REMOTE_DEPENDENCIES } from './new-remote.mjs';

const cli = fileURLToPath(new URL('./new-remote.mjs', import.meta.url));
let root;

/** @param {string} file @param {string} text */
const write = (file, text) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'new-remote-test-'));
  // A workspace with the shell's route table and one remote owning /about and /posts/:id.
  write(
    'shell/src/routes.ts',
    "export const routes = defineRoutes([{ path: '/login', access: 'signed-out', page: () => import('./Login') }]);\n",
  );
  write('shell/src/Login.tsx', 'export default function Login() { return null; }\n');
  write('mfe-static/package.json', JSON.stringify({ name: '@skynet/mfe-static', skynet: { devPort: 3005 } }));
  write(
    'mfe-static/src/routes.ts',
    "export const routes = defineRoutes([\n  { path: '/about', access: 'public', page: () => import('./pages/AboutPage') },\n" +
      "  { path: '/posts/:id', access: 'public', page: () => import('./pages/AboutPage') },\n]);\n",
  );
  write('mfe-static/src/pages/AboutPage.tsx', 'export default function AboutPage() { return null; }\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('makes a remote folder: package.json as mfe-static, the next dev port, its route, page, test and README', () => {
  const made = createRemote({ root, name: 'mfe-hello', route: '/hello' });
  assert.equal(made.devPort, 3006);
  assert.deepEqual(made.files.sort(), [
    'README.md',
    'jest.config.mjs',
    'package.json',
    'rspack.config.mjs',
    'src/App.tsx',
    'src/lifecycles.tsx',
    'src/pages/HelloPage.test.tsx',
    'src/pages/HelloPage.tsx',
    'src/routes.ts',
    'src/testing/jest-dom.d.ts',
    'tsconfig.json',
  ]);
  const pkg = JSON.parse(readFileSync(join(root, 'mfe-hello/package.json'), 'utf8'));
  assert.equal(pkg.name, '@skynet/mfe-hello');
  assert.equal(pkg.version, '1.0.0');
  assert.deepEqual(pkg.skynet, { devPort: 3006 });
  // Exactly the dependencies of the real workspace's mfe-static, and its scripts.
  const real = JSON.parse(readFileSync(join(repoRoot, 'mfe-static/package.json'), 'utf8'));
  assert.deepEqual(pkg.dependencies, real.dependencies);
  assert.deepEqual(pkg.devDependencies, real.devDependencies);
  assert.deepEqual(REMOTE_DEPENDENCIES.devDependencies, real.devDependencies);
  assert.deepEqual(pkg.scripts, real.scripts);
  // Its route table reads as the build reads it (dist/routes.json), and the page it names exists.
  const routes = readPackageRoutes(join(root, 'mfe-hello'));
  assert.deepEqual(
    routes.map((route) => [route.path, route.access, route.pageFile]),
    [['/hello', 'public', join(root, 'mfe-hello/src/pages/HelloPage.tsx')]],
  );
  const page = readFileSync(join(root, 'mfe-hello/src/pages/HelloPage.tsx'), 'utf8');
  assert.match(page, /<h1 id="mfe-hello-heading">Hello<\/h1>/);
  assert.match(
    readFileSync(join(root, 'mfe-hello/src/lifecycles.tsx'), 'utf8'),
    /createLifecycles\('mfe-hello', App\)/,
  );
  assert.match(
    readFileSync(join(root, 'mfe-hello/rspack.config.mjs'), 'utf8'),
    /remoteConfig\(import\.meta\.url/,
  );
  const readme = readFileSync(join(root, 'mfe-hello/README.md'), 'utf8');
  for (const step of [
    'npm run dev -- mfe-hello',
    '--filter @skynet/mfe-hello build',
    'ops -- publish mfe-hello',
    'ops -- rollout mfe-hello 1.0.1 --percent 10',
  ])
    assert.ok(readme.includes(step), `README says ${step}`);
  // The one list of remotes takes it, in the registry's order, with nothing else edited.
  assert.deepEqual(workspaceRemotes(root), [
    { name: 'mfe-static', devPort: 3005 },
    { name: 'mfe-hello', devPort: 3006 },
  ]);
  // --access: an administrators' page.
  createRemote({ root, name: 'mfe-ops-board', route: '/ops-board', access: 'admin' });
  assert.deepEqual(
    readPackageRoutes(join(root, 'mfe-ops-board')).map((route) => [route.path, route.access]),
    [['/ops-board', 'admin']],
  );
  assert.match(readFileSync(join(root, 'mfe-ops-board/src/pages/OpsBoardPage.tsx'), 'utf8'), />Ops board</);
});

test('refuses an existing name, a name that is not mfe-…, a bad route and a route another package answers', () => {
  assert.throws(() => createRemote({ root, name: 'mfe-static', route: '/x' }), /mfe-static exists already/);
  for (const name of ['hello', 'mfe-Hello', 'mfe-1x', 'mfe-', 'mfe_x'])
    assert.throws(() => createRemote({ root, name, route: '/x' }), /is not a remote name/);
  for (const route of ['x', '/X', '/x/:id', '/'])
    assert.throws(() => createRemote({ root, name: 'mfe-x', route }), /--route must be a path/);
  assert.throws(
    () => createRemote({ root, name: 'mfe-x', route: '/about' }),
    /\/about is taken: mfe-static's route \/about/,
  );
  assert.throws(
    () => createRemote({ root, name: 'mfe-x', route: '/posts/new' }),
    /taken: mfe-static's route \/posts\/:id/,
  );
  assert.throws(() => createRemote({ root, name: 'mfe-x', route: '/login' }), /taken: shell's route \/login/);
  assert.throws(
    () => createRemote({ root, name: 'mfe-x', route: '/x', access: 'everyone' }),
    /--access must be one of/,
  );
  assert.deepEqual(
    workspaceRemotes(root).map((remote) => remote.name),
    ['mfe-static'],
    'nothing was written',
  );
});

test('the command line: one line and exit 2 for usage, 1 for a refusal, 0 with the next steps', () => {
  const run = (...args) =>
    spawnSync(process.execPath, [cli, ...args, '--root', root, '--no-install'], { encoding: 'utf8' });
  const usage = run('mfe-x');
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /^new-remote: usage: npm run new-remote -- <mfe-name> --route \/path/);
  const taken = run('mfe-x', '--route', '/about');
  assert.equal(taken.status, 1);
  assert.match(taken.stderr, /^new-remote: \/about is taken/);
  const made = run('mfe-x', '--route', '/x');
  assert.equal(made.status, 0, made.stderr);
  assert.match(made.stdout, /new-remote: .*mfe-x \(11 files, dev port 3006\)/);
  assert.match(made.stdout, /npm run ops -- publish mfe-x/);
});
