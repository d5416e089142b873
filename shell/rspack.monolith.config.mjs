// The monolithic comparison build for `npm run bench` (tooling/rspack/monolith.mjs); not the product build.
import { monolithConfig } from '@skynet/tooling/rspack/monolith';

export default monolithConfig(import.meta.url);
