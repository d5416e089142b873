// Versions of mfe-static for the specs that publish and roll out one (delivery, release analysis), made from its
// current build without a rebuild: `ops publish --from <dir> --version <v>` takes them.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from './fixtures';
import { repoRoot } from './product';

/** Changes the build's mf-manifest.json in place. */
export type ManifestEdit = (json: Record<string, unknown>) => void;
/** Answers a script file's new text. */
export type ScriptEdit = (text: string, file: string) => string;

/**
 * A new build of mfe-static in `builds/<label>` with a visible change: the About page's heading says `About <label>`.
 * (Made from the current build, so the test needs no rebuild.) `manifest` may edit its mf-manifest.json, `edit` any
 * of its script files (answering the new text).
 */
export function staticBuild(
  builds: string,
  label: string,
  manifest?: ManifestEdit,
  edit?: ScriptEdit,
): string {
  const dir = join(builds, label);
  cpSync(join(repoRoot, 'mfe-static', 'dist'), dir, { recursive: true });
  let changed = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    let next = text;
    if (text.includes('title:"About"')) {
      next = text.replaceAll('title:"About"', `title:"About ${label}"`);
      changed += 1;
    }
    if (edit) next = edit(next, file);
    if (next !== text) {
      writeFileSync(join(dir, file), next);
      // Its precompressed twin is the old file: ops publish refuses such a build.
      rmSync(join(dir, `${file}.br`), { force: true });
    }
  }
  expect(changed, 'the About heading is in the mfe-static build').toBeGreaterThan(0);
  if (manifest) {
    const file = join(dir, 'mf-manifest.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    manifest(json);
    writeFileSync(file, JSON.stringify(json));
  }
  return dir;
}
