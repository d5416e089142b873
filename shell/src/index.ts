// The async boundary Module Federation needs before shared modules (react, @skynet/shared) are used.
import { CONFIG_PATH } from '@skynet/contract';
import { preloadHttpClient, preloadLikelyEntry, startupJson } from './platform/startup';

// Started first, in the entry chunk: the registry and config (preloaded by index.html) and the likely area's
// remoteEntry.js (and, signed in, the HTTP client) download while the bootstrap's code does (platform/startup.ts).
void startupJson(CONFIG_PATH);
void preloadLikelyEntry();
preloadHttpClient();
import('./bootstrap');
