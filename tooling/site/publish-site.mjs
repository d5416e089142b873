#!/usr/bin/env node
// Lays the current builds into the site folder: the shell at its root (with shell-shared.json, the versions of the
// singletons it provides), each remote under /remotes/<name>/<version>/ through the same publish logic as
// `npm run ops -- publish`, and /remotes.json naming each remote's build as stable.
// A development build whose files changed without a version bump is published as <version>-local.<hash>
// instead of failing (`npm run ops -- publish` refuses it). See docs/operations.md.
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishFiles, readBuilt, SHELL_SHARED_FILE, versionPath } from '../ops/publishing.mjs';
import { commitRegistry, readRegistry, writeAtomically } from '../ops/registry-store.mjs';
import { readBuiltRoutes } from '../routes/built-routes.mjs';
import { buildDir, REMOTES, readPackage, repoRoot, siteDir } from './layout.mjs';

export { writeAtomically };

/** The shared singletons the shell is built with (tooling/rspack sharedSingletons), by the package that holds each. */
export const SHELL_SINGLETONS = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  'react-router': 'react-router',
  'react-router-dom': 'react-router-dom',
  '@skynet/shared': '@skynet/shared',
};

/** The versions the shell build provides: what is installed for it, else what its package.json pins. */
export function shellSharedVersions() {
  const shellPkg = readPackage('shell');
  const deps = { ...shellPkg.devDependencies, ...shellPkg.dependencies };
  /** @type {Record<string, string>} */
  const provides = {};
  for (const [name, pkgName] of Object.entries(SHELL_SINGLETONS)) {
    if (pkgName === '@skynet/shared') {
      provides[name] = readPackage('shared').version;
      continue;
    }
    const installed = join(repoRoot, 'shell', 'node_modules', pkgName, 'package.json');
    provides[name] = existsSync(installed)
      ? JSON.parse(readFileSync(installed, 'utf8')).version
      : String(deps[pkgName] ?? '').replace(/^[\^~=]/, '');
  }
  return { shell: shellPkg.version, provides };
}

/**
 * Publishes every current build and makes each its remote's stable, as one registry change whose history lines name
 * `command` and `reason`.
 * @param {{ log?: (line: string) => void, command?: string, reason?: string }} [options]
 */
export async function publishSite({
  log = console.log,
  command = 'start',
  reason = 'npm start published the current build',
} = {}) {
  const site = siteDir();
  mkdirSync(site, { recursive: true });

  // The routes each build was made with (dist/routes.json, from src/routes.ts): a build without them is refused
  // before anything is published.
  const routesOf = new Map(REMOTES.map((folder) => [folder, readBuiltRoutes(buildDir(folder))]));

  // The shell: copied over the root, keeping remotes/ and the registry.
  cpSync(buildDir('shell'), site, { recursive: true });
  writeAtomically(
    join(site, SHELL_SHARED_FILE),
    `${JSON.stringify({ ...shellSharedVersions(), writtenAt: new Date().toISOString() }, null, 2)}\n`,
  );

  const published = REMOTES.map((folder) => {
    const pkg = readPackage(folder);
    const from = buildDir(folder);
    const routes = routesOf.get(folder) ?? [];
    const result = publishFiles({ site, remote: folder, version: pkg.version, from, mode: 'local' });
    log(`${result.status === 'published' ? 'published' : 'already published'} ${folder}@${result.version}`);
    return { folder, routes, ...result };
  });

  // One registry change for all remotes: each build becomes stable (history command "start").
  const snapshot = await readRegistry(site);
  const registry = structuredClone(snapshot.registry);
  const entries = [];
  for (const { folder, routes, version, files } of published) {
    const before = registry.remotes[folder];
    const versions = { ...before?.versions };
    if (!versions[version]) {
      /** @type {Record<string, string>} */
      const integrity = {};
      for (const name of ['mf-manifest.json', 'remoteEntry.js'])
        if (files[name]) integrity[name] = files[name];
      const { built } = readBuilt(buildDir(folder));
      versions[version] = {
        manifest: `${versionPath(folder, version)}mf-manifest.json`,
        integrity,
        publishedAt: new Date().toISOString(),
        routes,
        ...(built ? { built } : {}),
      };
    }
    const canary =
      before?.canary && before.canary.version !== version && versions[before.canary.version]
        ? before.canary
        : null;
    // Anything else the entry holds (its release policy) stays.
    const after = { ...before, routes, stable: version, canary, versions };
    const changed =
      !before ||
      before.stable !== version ||
      JSON.stringify(before.routes) !== JSON.stringify(routes) ||
      (before.canary ?? null) !== canary ||
      !before.versions[version];
    if (!changed) continue;
    registry.remotes[folder] = after;
    entries.push({
      command,
      remote: folder,
      version,
      reason,
      from: { stable: before?.stable ?? null, canary: before?.canary ?? null },
      to: { stable: version, canary },
    });
  }
  if (entries.length > 0) await commitRegistry(site, snapshot, registry, entries);
  return site;
}

/**
 * What `npm start` (and `npm run dev` when it starts the product) does to the site folder (issue 24): a site with no
 * registry yet is created from the current builds; an existing site's registry is left as it is unless `publish` is
 * asked for (`npm start -- --publish` or PUBLISH=1), because that would make every current build stable for
 * everyone. Answers what it did, in words, for the person who ran it.
 * @param {{ publish?: boolean, command?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<{ action: 'created' | 'published' | 'kept', site: string, revision: number, message: string }>}
 */
export async function prepareSite({ publish = false, command = 'npm start', log = () => {} } = {}) {
  const site = siteDir();
  const before = await readRegistry(site);
  const fresh = Object.keys(before.registry.remotes).length === 0;
  if (fresh || publish) {
    await publishSite({
      log,
      command: 'start',
      reason: fresh
        ? `${command} created the site from the current builds`
        : `${command} --publish: the current builds made stable`,
    });
    const after = await readRegistry(site);
    const placements = describePlacements(after.registry);
    const what = fresh ? 'created the site' : 'published the current builds';
    return {
      action: fresh ? 'created' : 'published',
      site,
      revision: after.revision,
      message:
        `${command}: ${what} in ${site}: registry revision ${before.revision} -> ${after.revision}` +
        `${after.revision === before.revision ? ' (the same builds: nothing changed)' : ', history command "start"'}\n${placements}`,
    };
  }
  return {
    action: 'kept',
    site,
    revision: before.revision,
    message:
      `${command}: serving the existing site ${site} as it is (registry revision ${before.revision}, not changed; ` +
      `the shell and builds there are the ones last published)\n${describePlacements(before.registry)}\n` +
      `  To publish the current builds and make each stable: ${command === 'npm start' ? 'npm start -- --publish' : 'PUBLISH=1'}` +
      ' (or one remote at a time: npm run ops -- publish <remote>, then rollout).',
  };
}

/** One line per remote: `  mfe-feed: stable 1.0.0, canary 1.1.0 for 10%`. @param {import('../ops/registry-store.mjs').Registry} registry */
function describePlacements(registry) {
  return Object.entries(registry.remotes)
    .map(
      ([name, entry]) =>
        `  ${name}: stable ${entry.stable}${entry.canary ? `, canary ${entry.canary.version} for ${entry.canary.percent}%` : ''}`,
    )
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const site = await publishSite();
  console.log(`site ready in ${site}`);
}
