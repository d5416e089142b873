import { jestConfig } from '@skynet/tooling/jest';

export default jestConfig();
