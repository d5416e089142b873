import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  exposes: {
    './MapPreview': './src/preview/MapPreview.tsx',
  },
  // The preview's markup, served where the landing page shows it, and `/home`'s and `/home-list`'s signed-in
  // templates with the scripts that start and fill them (tooling/rspack/prerender.mjs).
  prerender: './src/prerender/index.tsx',
  signedInScripts: {
    '/home': './src/prerender/map-page-script.ts',
    '/home-list': './src/prerender/home-list-fill-script.ts',
  },
});
