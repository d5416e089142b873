import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  exposes: {
    './AvatarChanger': './src/avatar/AvatarChanger.tsx',
  },
  // `/settings`' signed-in drawing and the script that starts it (tooling/rspack/prerender.mjs).
  prerender: './src/prerender/index.tsx',
  signedInScripts: {
    '/settings': './src/prerender/settings-page-script.ts',
  },
});
