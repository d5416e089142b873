// What a front-end package is called, read from its package.json.
import { readFileSync } from 'node:fs';

/** `mfe-feed` -> `mfe_feed`: Module Federation container names must be valid identifiers. */
export const federationName = (folder) => folder.replace(/-/g, '_');

export const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
