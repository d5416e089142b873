// Relative, like shared's: one jest setup for every front-end package.
import { jestConfig } from '../tooling/jest/index.mjs';

export default jestConfig();
