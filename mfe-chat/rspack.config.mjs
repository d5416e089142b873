import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  exposes: {},
  // dist/route-pages.json lists each route's page files: the server preloads them with the page's HTML.
  preloadPages: true,
  // `/messages`' signed-in template, served inside its HTML, and the script that fills it from the page's first
  // call (tooling/rspack/prerender.mjs).
  prerender: './src/prerender/index.tsx',
  signedInScripts: {
    '/messages': './src/prerender/conversations-fill-script.ts',
  },
});
