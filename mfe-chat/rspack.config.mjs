import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  exposes: {},
  // dist/route-pages.json lists each route's page files: the server preloads them with the page's HTML.
  preloadPages: true,
  // `/messages`' and a conversation's signed-in templates, served inside their HTML, and the scripts that fill them
  // from the page's first calls (tooling/rspack/prerender.mjs).
  prerender: './src/prerender/index.tsx',
  signedInScripts: {
    '/messages': './src/prerender/conversations-fill-script.ts',
    '/messages/:id': './src/prerender/chat-fill-script.ts',
  },
});
