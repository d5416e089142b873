/**
 * A version's remoteEntry.js, next to its mf-manifest.json (every remote is built so: tooling/rspack). The registry
 * names manifests (ops reads them); the browser loads the entry directly, one sequential request fewer.
 */
export const remoteEntryUrl = (manifest: string) => manifest.replace(/[^/]*$/, 'remoteEntry.js');
