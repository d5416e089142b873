import { remoteConfig } from '@skynet/tooling/rspack';

export default remoteConfig(import.meta.url, {
  exposes: {},
});
