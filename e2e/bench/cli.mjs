// What every bench script here shares: the Debian Chromium they drive, its flags, their command-line options, and
// the median they report.

/** Debian's Chromium (never `playwright install`); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet, repeatable browser: nothing of its own on the network or the CPU while it is measured. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const argv = process.argv.slice(2);

/** Whether the command line has `name` (`--json`). */
export const flag = (name) => argv.includes(name);

/** The value after `name` on the command line (`--port 8090`), or undefined. */
export const option = (name) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};

/** `--runs N` (default 5): a whole number, 1 or more. */
export function runsOption() {
  const runs = option('--runs') ? Number(option('--runs')) : 5;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs wants a whole number of runs, 1 or more');
  return runs;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
