// The remote's single-spa lifecycles: the only thing the shell loads from it (`./app`), and only for an
// administrator (every route in src/routes.ts has access 'admin').
import { createLifecycles } from '@skynet/shared';
import { App } from './App';

const lifecycles = createLifecycles('mfe-admin', App);
export const { bootstrap, mount, unmount } = lifecycles;
export default lifecycles;
