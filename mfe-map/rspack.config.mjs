import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  port: 3001,
  exposes: {
    './MapPreview': './src/preview/MapPreview.tsx',
  },
});
