import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  exposes: {},
  // dist/route-pages.json lists each route's page files: the server preloads them with the page's HTML.
  preloadPages: true,
  // The signed-in /feed's frame and card template, served inside its HTML (tooling/rspack/prerender.mjs).
  prerender: './src/prerender/index.tsx',
  // ...and the script that fills it from the page's first call, inlined by the server with the template.
  signedInScripts: { '/feed': './src/prerender/fill-script.ts' },
});
