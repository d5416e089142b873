// The remote's single-spa lifecycles: the only thing the shell loads from it (`./app`).
import { createLifecycles } from '@skynet/shared';
import { App } from './App';

const lifecycles = createLifecycles('mfe-map', App);
export const { bootstrap, mount, unmount } = lifecycles;
export default lifecycles;
