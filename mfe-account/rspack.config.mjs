import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  port: 3004,
  exposes: {
    './AvatarChanger': './src/avatar/AvatarChanger.tsx',
  },
});
