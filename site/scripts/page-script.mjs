// How an inline page script is built (docs/decisions.md "Page scripts are built modules"): a browser TypeScript
// module, bundled with what it imports (constants from @skynet/contract), minified, in one immediately-invoked
// function so nothing leaks onto the page's globals. The site builds its own (build-page-scripts.mjs); a remote's
// build publishes the scripts that fill its first-paint templates the same way (tooling/rspack/prerender.mjs), so
// the server inlines text it never wrote and allows each by the hash of exactly that text (src/page-scripts.ts).
import { build } from 'esbuild';

/** The browsers the site supports (tooling/rspack's targets): chrome/edge/firefox >= 111, safari >= 16.4. */
const TARGET = ['chrome111', 'edge111', 'firefox111', 'safari16.4'];

/** The code of the inline script built from the module at `entry`. */
export async function buildPageScript(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: TARGET,
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    // Not the package's tsconfig: its strictness would add a "use strict" prologue the script does not need.
    tsconfigRaw: {},
  });
  const code = result.outputFiles[0].text.trim();
  // Inside <script>…</script> the parser ends the element at the first `</script`, and `<!--` changes how it parses.
  if (/<\/script|<!--/i.test(code))
    throw new Error(`${entry}: the built script would break its <script> element`);
  return code;
}
