import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  exposes: {
    './MapPreview': './src/preview/MapPreview.tsx',
  },
  // The preview's markup, served where the landing page shows it, and `/home-list`'s signed-in template with the
  // script that fills it (tooling/rspack/prerender.mjs).
  prerender: './src/prerender/index.tsx',
  signedInScripts: {
    '/home-list': './src/prerender/home-list-fill-script.ts',
  },
});
