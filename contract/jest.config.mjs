// Relative, like shared's: tooling depends on contract, so contract cannot depend on tooling.
import { jestConfig } from '../tooling/jest/index.mjs';

export default jestConfig({
  testEnvironment: 'node',
  setupFilesAfterEnv: [],
  // The sources import each other as './x.js' (Node's ESM resolution for the built files): map to the .ts file.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
});
