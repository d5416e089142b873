#!/usr/bin/env node
// `npm run new-remote -- <name> --route /x [--access public|signed-in|admin]`: a working remote in one folder (issue 33,
// "remotes are data"): its package.json (the workspace's dependencies exactly as mfe-static's, and its dev port), the
// rspack config through @skynet/tooling/rspack, src/routes.ts declaring the route, one page with a heading, the
// single-spa lifecycles, a jest test, tsconfig and a README saying how to develop, build, publish and roll it out.
// Nothing outside the folder names it: tooling/site/layout.mjs finds every mfe-* folder. Then it links it
// (`pnpm install --offline`) and regenerates docs/routes.md. `--root <dir>` makes it in another workspace folder and
// `--no-install` skips the install and the routes file (the test does both). See docs/operations.md, "A new remote
// in minutes".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { matchRoute } from '@skynet/contract';
import { readPackageRoutes } from '../routes/read-routes.mjs';
import { REMOTE_FOLDER, repoRoot, workspaceRemotes } from '../site/layout.mjs';

/** A refusal the person can act on: one line, exit 1 (2 for usage). */
export class NewRemoteError extends Error {
  /** @param {string} message @param {'usage' | 'refused'} [code] */
  constructor(message, code = 'refused') {
    super(message);
    this.code = code;
  }
}

const ACCESS = ['public', 'signed-in', 'admin'];
const FIRST_DEV_PORT = 3001;

/**
 * The dependencies every remote declares: exactly mfe-static's (catalog: and workspace: versions), so a new remote
 * builds, tests and shares its singletons like the others (new-remote.test.mjs keeps the two equal).
 */
export const REMOTE_DEPENDENCIES = {
  dependencies: {
    react: 'catalog:',
    'react-dom': 'catalog:',
    'react-router': 'catalog:',
    'react-router-dom': 'catalog:',
  },
  devDependencies: {
    '@module-federation/enhanced': 'catalog:',
    '@rspack/cli': 'catalog:',
    '@rspack/core': 'catalog:',
    '@skynet/contract': 'workspace:^',
    '@skynet/kit': 'workspace:^',
    '@skynet/shared': 'workspace:^',
    '@skynet/tooling': 'workspace:^',
    '@swc/core': 'catalog:',
    '@swc/jest': 'catalog:',
    '@testing-library/dom': 'catalog:',
    '@testing-library/jest-dom': 'catalog:',
    '@testing-library/react': 'catalog:',
    '@testing-library/user-event': 'catalog:',
    '@types/jest': 'catalog:',
    '@types/node': 'catalog:',
    '@types/react': 'catalog:',
    '@types/react-dom': 'catalog:',
    jest: 'catalog:',
    'jest-environment-jsdom': 'catalog:',
  },
};

/** `mfe-hello-world` -> `HelloWorld`. @param {string} name */
const pascal = (name) =>
  name
    .replace(/^mfe-/, '')
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
/** `mfe-hello-world` -> `Hello world`. @param {string} name */
const title = (name) => {
  const words = name.replace(/^mfe-/, '').split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Who owns a path already: every route table of the workspace (the shell's own screens and each remote's), matched
 * both ways with @skynet/contract's matcher (the new pattern against each route, each route against the new one).
 * @param {string} root @param {string} route
 */
function ownerOf(root, route) {
  const folders = ['shell', ...workspaceRemotes(root).map((remote) => remote.name)];
  for (const folder of folders) {
    if (!existsSync(join(root, folder, 'src', 'routes.ts'))) continue;
    for (const existing of readPackageRoutes(join(root, folder), { label: `${folder}/src/routes.ts` })) {
      if (matchRoute(existing.path, route) || matchRoute(route, existing.path)) {
        return { folder, path: existing.path };
      }
    }
  }
  return null;
}

/**
 * The files of a new remote, by path inside its folder.
 * @param {{ name: string, route: string, access: string, devPort: number }} options
 * @returns {Record<string, string>}
 */
export function remoteFiles({ name, route, access, devPort }) {
  const Page = `${pascal(name)}Page`;
  const heading = title(name);
  const pkg = {
    name: `@skynet/${name}`,
    version: '1.0.0',
    private: true,
    type: 'module',
    skynet: { devPort },
    scripts: {
      build: 'rspack build',
      dev: 'rspack serve',
      typecheck: 'tsc --noEmit',
      test: 'jest --passWithNoTests',
    },
    ...REMOTE_DEPENDENCIES,
  };
  return {
    'package.json': `${JSON.stringify(pkg, null, 2)}\n`,
    'rspack.config.mjs': `import { remoteConfig } from '@skynet/tooling/rspack';

// The dev server's port is package.json's "skynet".devPort; the routes come from src/routes.ts.
export default remoteConfig(import.meta.url, { exposes: {} });
`,
    'jest.config.mjs': `import { jestConfig } from '@skynet/tooling/jest';

export default jestConfig();
`,
    'tsconfig.json': `{
  "extends": "../tsconfig.base.json",
  "compilerOptions": { "types": ["jest", "node"] },
  "include": ["src", "../tooling/types"]
}
`,
    'src/routes.ts': `// Every screen of this area: its path, who may see it and the page module it loads lazily. The only list of them:
// App.tsx renders it, the build reads it (dist/routes.json for the registry) and docs/routes.md is generated from it.
import { defineRoutes } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

export const routes = defineRoutes<PageModule>([
  { path: '${route}', access: '${access}', page: () => import('./pages/${Page}') },
]);
`,
    'src/App.tsx': `// The router's stand-in (tooling/router) loads with this chunk, the parent of every page chunk.
import 'react-router-dom';
import { AreaRoutes } from '@skynet/kit';
import { routes } from './routes';

/** The area's screens, from its route table (src/routes.ts). */
export function App() {
  return <AreaRoutes routes={routes} />;
}
`,
    'src/lifecycles.tsx': `// The remote's single-spa lifecycles: the only thing the shell loads from it (\`./app\`).
import { createLifecycles } from '@skynet/shared';
import { App } from './App';

const lifecycles = createLifecycles('${name}', App);
export const { bootstrap, mount, unmount } = lifecycles;
export default lifecycles;
`,
    [`src/pages/${Page}.tsx`]: `import { useDocumentTitle } from '@skynet/kit';

/** \`${route}\`: ${heading}. */
export default function ${Page}() {
  useDocumentTitle('${heading}');
  return (
    <section aria-labelledby="${name}-heading">
      <h1 id="${name}-heading">${heading}</h1>
      <p>This page is served by ${name}.</p>
    </section>
  );
}
`,
    [`src/pages/${Page}.test.tsx`]: `import { render, screen } from '@testing-library/react';
import { routes } from '../routes';
import ${Page} from './${Page}';

describe('${Page}', () => {
  it('shows its heading and sets the document title', () => {
    render(<${Page} />);
    expect(screen.getByRole('heading', { level: 1, name: '${heading}' })).toBeInTheDocument();
    expect(document.title).toMatch(/^${heading}/);
  });

  it('is the page of ${route}', async () => {
    const [first] = routes;
    expect(first?.path).toBe('${route}');
    expect((await first?.page())?.default).toBe(${Page});
  });
});
`,
    'src/testing/jest-dom.d.ts': `// The matchers the jest setup adds (toBeInTheDocument, toHaveTextContent…), for the type checker.
import '@testing-library/jest-dom';
`,
    'README.md': `# @skynet/${name}

A remote made by \`npm run new-remote\`. Routes (\`src/routes.ts\`): \`${route}\` (${access}), page
\`src/pages/${Page}.tsx\`. Dev server port ${devPort} (\`package.json\` "skynet".devPort). Nothing outside this folder names
it: tooling/site/layout.mjs finds every \`mfe-*\` folder (docs/operations.md, "A new remote in minutes").

## Develop
\`\`\`sh
npm run dev -- ${name}        # its dev server inside the local product, through a developer override
cd ${name} && npx jest         # its tests; npx tsc --noEmit for types
\`\`\`
\`npm run dev\` attaches to a product on PORT (8080) that allows overrides (\`DEV_OVERRIDE_ORIGINS=http://localhost:* npm
start\`), or starts one; the override works once the product's registry has ${name} (after its first publish below).

## Build
\`\`\`sh
node scripts/pnpm.mjs --filter @skynet/${name} build    # or: cd ${name} && npx rspack build
\`\`\`
\`dist/\` holds the remote (mf-manifest.json, remoteEntry.js, chunks), \`routes.json\` (its routes) and \`built.json\`
(its version, and the @skynet/kit and @skynet/contract it was built with).

## Publish and roll out (no shell build)
\`\`\`sh
npm run ops -- publish ${name}     # the first: registered with its routes, 1.0.0 its stable: live at ${route}
\`\`\`
The next version: bump \`version\` in package.json (say 1.0.1), build, publish (not live yet), then
\`npm run ops -- rollout ${name} 1.0.1 --percent 10\` (a canary: a version needs a stable to fall back to, so the
first cannot be one), \`promote\` or \`rollback\`; \`npm run ops -- policy ${name} --manual\` to keep the release job
from widening it. \`npm run ops -- remove ${name} --reason "…"\` takes it out of the registry (its files stay).
`,
  };
}

/**
 * Makes the remote's folder under `root`. Refuses an existing folder or remote, a name not matching
 * ^mfe-[a-z][a-z0-9-]*$, a route that is not a path, or one a route table of the workspace already answers.
 * @param {{ root?: string, name: string, route: string, access?: string }} options
 */
export function createRemote({ root = repoRoot, name, route, access = 'public' }) {
  if (!name || !REMOTE_FOLDER.test(name))
    throw new NewRemoteError(
      `"${name ?? ''}" is not a remote name: mfe- then lower-case letters, digits and dashes (^mfe-[a-z][a-z0-9-]*$)`,
      'usage',
    );
  if (!route || !/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(route))
    throw new NewRemoteError(
      `--route must be a path of lower-case letters, digits and dashes, like /hello or /hello/world (got "${route ?? ''}")`,
      'usage',
    );
  if (!ACCESS.includes(access))
    throw new NewRemoteError(`--access must be one of ${ACCESS.join(', ')} (got "${access}")`, 'usage');
  const dir = join(root, name);
  const remotes = workspaceRemotes(root);
  if (existsSync(dir) || remotes.some((remote) => remote.name === name))
    throw new NewRemoteError(`${name} exists already (${dir}): choose another name`);
  const owner = ownerOf(root, route);
  if (owner)
    throw new NewRemoteError(
      `${route} is taken: ${owner.folder}'s route ${owner.path} answers it (choose another --route)`,
    );
  const devPort = Math.max(FIRST_DEV_PORT - 1, ...remotes.map((remote) => remote.devPort)) + 1;
  const files = remoteFiles({ name, route, access, devPort });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return { dir, devPort, files: Object.keys(files) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === '--'));
  const cwd = process.env.INIT_CWD ?? process.cwd();
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: {
          route: { type: 'string' },
          access: { type: 'string' },
          root: { type: 'string' },
          'no-install': { type: 'boolean' },
        },
      });
    } catch (error) {
      throw new NewRemoteError(/** @type {Error} */ (error).message, 'usage');
    }
    const { values, positionals } = parsed;
    if (positionals.length !== 1 || !values.route)
      throw new NewRemoteError(
        'usage: npm run new-remote -- <mfe-name> --route /path [--access public|signed-in|admin]',
        'usage',
      );
    const root = values.root ? resolve(cwd, values.root) : repoRoot;
    const started = Date.now();
    const made = createRemote({
      root,
      name: /** @type {string} */ (positionals[0]),
      route: values.route,
      access: values.access,
    });
    console.log(
      `new-remote: ${relative(cwd, made.dir) || made.dir} (${made.files.length} files, dev port ${made.devPort})`,
    );
    if (!values['no-install']) {
      // Links the new package into the workspace; every dependency is one the workspace has already (offline).
      const install = spawnSync(
        process.execPath,
        [join(repoRoot, 'scripts', 'pnpm.mjs'), 'install', '--offline'],
        {
          cwd: root,
          stdio: 'inherit',
        },
      );
      if (install.status !== 0)
        throw new NewRemoteError(`pnpm install --offline failed (exit ${install.status})`);
      if (root === repoRoot) {
        const routes = spawnSync(process.execPath, [join(repoRoot, 'tooling', 'routes', 'docs.mjs')], {
          cwd: root,
          stdio: 'inherit',
        });
        if (routes.status !== 0) throw new NewRemoteError('npm run routes failed');
      }
    }
    const name = positionals[0];
    console.log(
      `new-remote: ${name} is ready (${((Date.now() - started) / 1000).toFixed(1)} s). Next:\n` +
        `  node scripts/pnpm.mjs --filter @skynet/${name} build\n` +
        `  npm run ops -- publish ${name}                                     (live at ${values.route}, no shell build)\n` +
        `  npm run dev -- ${name}                                             (develop it inside the product)`,
    );
  } catch (error) {
    if (!(error instanceof NewRemoteError)) throw error;
    console.error(`new-remote: ${error.message}`);
    process.exit(error.code === 'usage' ? 2 : 1);
  }
}
