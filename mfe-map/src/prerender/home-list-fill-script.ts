// The inline script's entry for `/home-list`'s signed-in template (built by tooling/rspack/prerender.mjs).
import { fillHomeList } from './home-list-fill';

fillHomeList();
