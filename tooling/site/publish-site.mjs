#!/usr/bin/env node
// Lays the current builds into the site folder: the shell at its root, each remote under
// /remotes/<name>/<version>/, and a /remotes.json naming every remote's stable version.
// (The ops command line, `npm run ops`, manages versions after that: see docs/operations.md.)
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDir, REMOTES, readPackage, siteDir } from './layout.mjs';

export function writeAtomically(file, text) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

export function publishSite({ log = console.log } = {}) {
  const site = siteDir();
  mkdirSync(site, { recursive: true });

  // The shell: copied over the root, keeping remotes/ and the registry.
  cpSync(buildDir('shell'), site, { recursive: true });

  const registryFile = join(site, 'remotes.json');
  const registry = existsSync(registryFile)
    ? JSON.parse(readFileSync(registryFile, 'utf8'))
    : { schemaVersion: 1, remotes: {} };

  for (const folder of REMOTES) {
    const pkg = readPackage(folder);
    const target = join(site, 'remotes', folder, pkg.version);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    cpSync(buildDir(folder), target, { recursive: true });
    const entry = registry.remotes[folder] ?? { versions: {} };
    registry.remotes[folder] = {
      ...entry,
      routes: pkg.skynet?.routes ?? [],
      stable: pkg.version,
      canary: entry.canary ?? null,
      versions: {
        ...entry.versions,
        [pkg.version]: { manifest: `/remotes/${folder}/${pkg.version}/mf-manifest.json` },
      },
    };
    log(`published ${folder}@${pkg.version}`);
  }
  writeAtomically(registryFile, `${JSON.stringify(registry, null, 2)}\n`);
  return site;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const site = publishSite();
  console.log(`site ready in ${site}`);
}
