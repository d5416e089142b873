import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  exposes: {},
  // dist/route-pages.json lists each route's page files: the server preloads them with the page's HTML.
  preloadPages: true,
  // The signed-in /feed's frame and card template and the /search page, served inside their HTML
  // (tooling/rspack/prerender.mjs).
  prerender: './src/prerender/index.tsx',
  // ...and the scripts, inlined by the server with them: /feed's, /search/:text's, a planet feed's and the profiles'
  // fill their cards from the page's first calls.
  signedInScripts: {
    '/feed': './src/prerender/fill-script.ts',
    '/search': './src/prerender/static-page-script.ts',
    '/search/:text': './src/prerender/search-fill-script.ts',
    '/feed/:planetName/:id': './src/prerender/planet-fill-script.ts',
    '/profile': './src/prerender/profile-fill-script.ts',
    '/user/:id': './src/prerender/profile-fill-script.ts',
    '/post/:id': './src/prerender/post-fill-script.ts',
  },
});
