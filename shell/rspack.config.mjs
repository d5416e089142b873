import { shellConfig } from '@skynet/tooling/rspack';

export default shellConfig(import.meta.url, { port: 8081 });
