import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  port: 3006,
  exposes: {},
});
