// One jest setup for every front-end package: swc for TypeScript/JSX, jsdom, CSS modules as identity maps.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export function jestConfig(overrides = {}) {
  return {
    testEnvironment: 'jsdom',
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '\\.module\\.css$': join(here, 'css-module.cjs'),
      '\\.css$': join(here, 'empty.cjs'),
      '\\.(png|jpe?g|webp|svg|gif)$': join(here, 'file.cjs'),
    },
    setupFilesAfterEnv: [join(here, 'setup.cjs')],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    ...overrides,
  };
}
