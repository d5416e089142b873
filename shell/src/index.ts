// The async boundary Module Federation needs before shared modules (react, @skynet/shared) are used.
import { preloadLikelyEntry, startupJson } from './platform/startup';

// Started first, in the entry chunk: the registry and config (preloaded by index.html) and the likely area's
// remoteEntry.js download while the bootstrap's code does (platform/startup.ts).
void startupJson('/config.json');
void preloadLikelyEntry();
import('./bootstrap');
