#!/usr/bin/env node
// A container's start (issue 30 item 4): the image carries the site its build laid out (publish-site.mjs, at a
// read-only path, SITE_IMAGE_DIR); the site volume (SITE_DIR) keeps what was served before, across image upgrades.
// This brings the image's builds into the volume when they are newer, and leaves the volume alone otherwise:
//
// - Remotes, one by one: the image's stable version of a remote that the served registry has never had is
//   published into the volume (immutable, /remotes/<name>/<version>/) and made stable, unless the served stable is
//   a higher version (an operator published a later one with `ops`): then nothing changes. A version the registry
//   already has (this image, started before) changes nothing either, so an operator's canary, rollout or rollback
//   survives a restart. A canary of another version is kept when the stable changes. The same version rebuilt with
//   other files is published as <version>-local.<hash> (publishFiles' local mode) and made stable.
// - The shell (the root's files: index.html, its chunks, shell-shared.json) is the image's own: `ops` never publishes
//   a shell, and it must match the server and remotes the image was built with. Files that differ are replaced, each
//   by one rename; the volume's older chunks stay (a page still open may ask for them).
//
// Every registry change is one compare-and-swap with history lines (command "image"): with DATABASE_URL the registry
// is in PostgreSQL and replicas starting at once race only there; the loser re-reads, finds the builds published,
// and changes nothing. The file store holds remotes.json.lock for its commit. See docs/operations.md, "Production".
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import {
  HISTORY_FILE,
  REGISTRY_FILE,
  RegistryError,
  registryStore as siteRegistryStore,
} from '@skynet/site/registry';
import semver from 'semver';
import { hashDir } from '../ops/files.mjs';
import { MANIFEST, publishFiles, SHELL_SHARED_FILE, versionPath } from '../ops/publishing.mjs';
import { siteDir } from './layout.mjs';

/** The history lines' command. */
export const IMAGE_COMMAND = 'image';
/** Where the image keeps the site its build laid out (Dockerfile). */
export const DEFAULT_IMAGE_SITE = '/app/site-image';
/** What at a site's root is not the shell: the remotes, the registry and its history, their lock, temporaries. */
const NOT_SHELL = new Set(['remotes', REGISTRY_FILE, HISTORY_FILE, `${REGISTRY_FILE}.lock`]);

/**
 * The shell's files of a site (its root, less the remotes and the registry) with their integrity. shell-shared.json
 * carries the time it was written: compared without it, copied with the rest.
 * @param {string} dir
 */
function shellFiles(dir) {
  if (!existsSync(dir)) return {};
  const ignore = readdirSync(dir).filter((name) => NOT_SHELL.has(name) || name.endsWith('.tmp'));
  return hashDir(dir, { ignore: [...ignore, SHELL_SHARED_FILE] });
}

/**
 * Makes the volume's shell the image's: each file that differs is copied beside its place and renamed over it.
 * @param {string} image @param {string} site @returns {string[]} the files replaced
 */
function refreshShell(image, site) {
  const want = shellFiles(image);
  const have = shellFiles(site);
  const changed = Object.keys(want).filter((name) => have[name] !== want[name]);
  if (changed.length === 0) return [];
  const tag = `${hostname()}.${process.pid}.tmp`;
  // shell-shared.json last: the remotes' checks read it as the shell that is there.
  for (const name of [...changed, SHELL_SHARED_FILE]) {
    const from = join(image, name);
    if (!existsSync(from)) continue;
    const to = join(site, name);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, `${to}.${tag}`);
    renameSync(`${to}.${tag}`, to);
  }
  return changed;
}

/**
 * What the image's build of each remote means for the served registry.
 * @param {import('@skynet/contract').Registry} image
 * @param {import('@skynet/contract').Registry} served
 * @param {string} imageDir @param {string} site
 */
function plan(image, served, imageDir, site) {
  const remotes = structuredClone(served.remotes);
  /** @type {import('@skynet/site/registry').HistoryInput[]} */
  const entries = [];
  /** @type {string[]} */
  const kept = [];
  for (const [remote, built] of Object.entries(image.remotes)) {
    const version = built.stable;
    const before = served.remotes[remote];
    const from = join(imageDir, 'remotes', remote, version);
    if (!existsSync(join(from, MANIFEST))) throw new Error(`the image's site has no ${from}/${MANIFEST}`);
    if (before && semver.valid(before.stable) && semver.gt(before.stable, version)) {
      kept.push(`${remote}: serving ${before.stable}, newer than the image's ${version}: kept`);
      continue;
    }
    // Idempotent: the same files already there answer `unchanged` and copy nothing.
    const result = publishFiles({ site, remote, version, from, mode: 'local' });
    if (before?.versions[result.version]) {
      kept.push(
        `${remote}: ${result.version} is already published here (stable ${before.stable}` +
          `${before.canary ? `, canary ${before.canary.version} for ${before.canary.percent}%` : ''}): kept`,
      );
      continue;
    }
    /** @type {Record<string, string>} */
    const integrity = {};
    for (const name of [MANIFEST, 'remoteEntry.js'])
      if (result.files[name]) integrity[name] = result.files[name];
    const canary = before?.canary && before.versions[before.canary.version] ? before.canary : null;
    remotes[remote] = {
      routes: built.routes,
      stable: result.version,
      canary,
      versions: {
        ...before?.versions,
        [result.version]: {
          manifest: `${versionPath(remote, result.version)}${MANIFEST}`,
          integrity,
          publishedAt: new Date().toISOString(),
          routes: built.versions[version]?.routes ?? built.routes,
        },
      },
    };
    entries.push({
      command: IMAGE_COMMAND,
      remote,
      version: result.version,
      reason: before
        ? `the image carries ${remote}@${result.version}, not yet published here (stable was ${before.stable})`
        : `the image carries ${remote}@${result.version}, the first ${remote} served here`,
      from: { stable: before?.stable ?? null, canary: before?.canary ?? null },
      to: { stable: result.version, canary },
    });
  }
  return { remotes, entries, kept };
}

/**
 * Brings the image's site into the served one when newer (see the top of this file). Answers what it did.
 * @param {{ image?: string, site?: string, databaseUrl?: string | null, attempts?: number,
 *   log?: (line: string) => void }} [options]
 * @returns {Promise<{ shell: string[], published: string[], kept: string[], revision: number, attempts: number }>}
 */
export async function refreshSite({
  image = process.env.SITE_IMAGE_DIR ?? DEFAULT_IMAGE_SITE,
  site = siteDir(),
  databaseUrl = process.env.DATABASE_URL ?? null,
  attempts = 8,
  log = () => {},
} = {}) {
  if (!existsSync(join(image, REGISTRY_FILE)) || !statSync(image).isDirectory())
    throw new Error(`${image} holds no built site (${REGISTRY_FILE}): is SITE_IMAGE_DIR the image's site?`);
  mkdirSync(site, { recursive: true });
  const imageRegistry = (await siteRegistryStore(image, null).read()).registry;
  const store = siteRegistryStore(site, databaseUrl);
  for (let attempt = 1; ; attempt++) {
    const snapshot = await store.read();
    const { remotes, entries, kept } = plan(imageRegistry, snapshot.registry, image, site);
    try {
      const written = entries.length > 0 ? await store.commit(snapshot, { remotes }, entries) : null;
      // The shell after the registry: a shell never asks for a remote version the registry does not have yet.
      const shell = refreshShell(image, site);
      const published = entries.map((entry) => `${entry.remote}@${entry.version}`);
      log(
        `site ${site} (registry: ${store.where}): ` +
          (published.length > 0
            ? `published and made stable ${published.join(', ')} (revision ${written?.revision})`
            : `no remote changed (revision ${snapshot.revision})`) +
          `; shell: ${shell.length > 0 ? `${shell.length} file(s) replaced` : 'the same'}` +
          `${kept.length > 0 ? `\n  ${kept.join('\n  ')}` : ''}`,
      );
      return { shell, published, kept, revision: written?.revision ?? snapshot.revision, attempts: attempt };
    } catch (error) {
      // Another replica committed first (or holds the file lock): read again, after a moment.
      const retry =
        error instanceof RegistryError &&
        (error.code === 'conflict' || error.code === 'locked') &&
        attempt < attempts;
      if (!retry) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  refreshSite({ log: (line) => console.log(`refresh-site: ${line}`) }).catch((error) => {
    console.error(`refresh-site: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
