// Relative on purpose: tooling depends on shared (for the router shim), so shared cannot depend on tooling.
import { jestConfig } from '../tooling/jest/index.mjs';

export default jestConfig();
