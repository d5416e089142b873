// Where the Module Federation runtime's files are, and how a resolved one is swapped for another (the plugins that
// bundle, trim or replace parts of that runtime share these).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files of the Module Federation runtime's packages as their CommonJS builds. */
export const MF_RUNTIME_CJS =
  /[\\/]@module-federation[\\/](runtime|runtime-core|runtime-tools|sdk|error-codes|webpack-bundler-runtime|inject-external-runtime-core-plugin)[\\/]dist[\\/].*\.cjs$/;

/** Points a resolved module at another file, keeping its identity (request) in step so it is bundled once. */
export function swapResource(data, from, to) {
  const created = data.createData;
  if (!created?.resource) return false;
  for (const key of ['resource', 'request', 'userRequest']) {
    if (typeof created[key] === 'string') created[key] = created[key].replace(from, to);
  }
  return true;
}

/** The stand-ins of federation-runtime-trim/ (each says what it keeps). */
export const TRIM_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'federation-runtime-trim');
