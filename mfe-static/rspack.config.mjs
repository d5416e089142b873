import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  exposes: {},
  // The landing page's markup, served inside the HTML of `/` (tooling/rspack/prerender.mjs).
  prerender: './src/prerender/index.tsx',
});
