// The site's inline page scripts, built from src/page-scripts/*.ts at build time (scripts/build-page-scripts.mjs
// writes dist/page-scripts.json), and how a page allows an inline script: by the hash of exactly its text.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Beside this module's folder: the same file from src/ (tests) and from dist/. */
const BUILT = new URL('../dist/page-scripts.json', import.meta.url);

function builtScripts(): Record<string, string> {
  let scripts: unknown;
  try {
    scripts = JSON.parse(readFileSync(BUILT, 'utf8'));
  } catch (error) {
    throw new Error(`@skynet/site: ${BUILT.pathname} is missing or broken: build the package first`, {
      cause: error,
    });
  }
  return scripts as Record<string, string>;
}

function script(scripts: Record<string, string>, name: string): string {
  const code = scripts[name];
  if (typeof code !== 'string') throw new Error(`@skynet/site: no built page script "${name}"`);
  return code;
}

const scripts = builtScripts();

/** In <head>: marks a visitor with a saved token (src/page-scripts/session-probe.ts). */
export const SESSION_PROBE_SCRIPT = script(scripts, 'session-probe');
/** At the end of a prerendered page's body: starts its parked scripts (src/page-scripts/script-starter.ts). */
export const SCRIPT_STARTER = script(scripts, 'script-starter');
/** At the end of every page's <head>: starts its head start (src/page-scripts/head-start.ts). */
export const HEAD_START_SCRIPT = script(scripts, 'head-start');

/** The Content-Security-Policy source that allows exactly `code` as an inline script. */
export const cspSourceOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

/** The sources that allow the site's own inline scripts; a page adds its remote's (a signed-in page's fill). */
export const SITE_SCRIPT_CSP_SOURCES = [SESSION_PROBE_SCRIPT, SCRIPT_STARTER, HEAD_START_SCRIPT].map(
  cspSourceOf,
);
