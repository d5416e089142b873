import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  port: 3002,
  exposes: {},
  // dist/route-pages.json lists each route's page files: the server preloads them with the page's HTML.
  preloadPages: true,
});
