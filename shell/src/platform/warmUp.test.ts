import type { Registry } from '@skynet/contract';
import { loadExposedModule } from './federation';
import { warmUp } from './warmUp';

jest.mock('./federation', () => ({ loadExposedModule: jest.fn(() => Promise.resolve({})) }));

const version = { '1.0.0': { manifest: '/m.json' } };
const registry: Registry = {
  schemaVersion: 1,
  remotes: {
    'mfe-map': { stable: '1.0.0', versions: version, routes: [{ path: '/', access: 'signed-in' }] },
    'mfe-static': { stable: '1.0.0', versions: version, routes: [{ path: '/', access: 'signed-out' }] },
  },
};

beforeEach(() => jest.mocked(loadExposedModule).mockClear());

test('with a saved token, "/" warms the map (the signed-in owner)', () => {
  window.localStorage.setItem('jwt', 'token');
  expect(warmUp(registry, '/')).toBe('mfe-map');
  expect(loadExposedModule).toHaveBeenCalledWith('mfe-map', './app');
});

test('without one, "/" warms the landing page', () => {
  expect(warmUp(registry, '/')).toBe('mfe-static');
});

test('a path nobody owns warms nothing', () => {
  expect(warmUp(registry, '/nowhere')).toBeNull();
  expect(loadExposedModule).not.toHaveBeenCalled();
});
