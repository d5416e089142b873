// Test fixtures: the served product, people made through the real API, and signing a page in.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export { expect };

export interface TestUser {
  _id: string;
  userName: string;
  email: string;
  password: string;
  token: string;
  planetId: string;
}

export interface Api {
  /** Signs a new person up through POST /api/user/signup and answers who they are. */
  createUser(
    overrides?: Partial<Pick<TestUser, 'userName' | 'email' | 'password' | 'planetId'>>,
  ): Promise<TestUser>;
  /** Any API call as a given person; answers the parsed JSON body (throws on a non-2xx). */
  call<T = unknown>(method: string, path: string, options?: { token?: string; data?: unknown }): Promise<T>;
  planets(): Promise<Array<{ _id: string; name: string }>>;
}

const unique = () => randomUUID().replace(/-/g, '').slice(0, 10);

export function apiFor(request: APIRequestContext, baseURL: string): Api {
  const api: Api = {
    async call(method, path, { token, data } = {}) {
      const response = await request.fetch(`${baseURL}/api${path}`, {
        method,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        ...(data === undefined ? {} : { data }),
      });
      const body = await response.json().catch(() => null);
      if (!response.ok())
        throw new Error(`${method} ${path} answered ${response.status()}: ${JSON.stringify(body)}`);
      return body;
    },
    async planets() {
      return (await api.call<{ value: Array<{ _id: string; name: string }> }>('GET', '/planet')).value;
    },
    async createUser(overrides = {}) {
      const planets = await api.planets();
      const id = unique();
      const payload = {
        userName: overrides.userName ?? `pilot_${id}`,
        email: overrides.email ?? `pilot_${id}@example.com`,
        password: overrides.password ?? `Secret-${id}-pw`,
        planetId: overrides.planetId ?? planets[2]?._id ?? planets[0]!._id,
      };
      const signup = await api.call<{ value: string }>('POST', '/user/signup', {
        data: {
          email: payload.email,
          userName: payload.userName,
          password: payload.password,
          location: { latitude: 0, longitude: 0, planetId: payload.planetId },
        },
      });
      const me = await api.call<{ value: { _id: string } }>('GET', '/user', { token: signup.value });
      return { ...payload, _id: me.value._id, token: signup.value };
    },
  };
  return api;
}

/** Puts a token where the product keeps it before any page script runs. */
export async function signIn(page: Page, user: Pick<TestUser, 'token'>): Promise<void> {
  await page.addInitScript((token) => {
    if (!window.sessionStorage.getItem('e2e-signed-in')) {
      window.localStorage.setItem('jwt', token);
      window.sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, user.token);
}

/** Collects console errors and uncaught exceptions, so a test can assert there were none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export const test = base.extend<{ api: Api; user: TestUser }>({
  // The shared product started by global-setup.ts.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  api: async ({ request, baseURL }, use) => {
    await use(apiFor(request, baseURL!));
  },
  user: async ({ api }, use) => {
    await use(await api.createUser());
  },
});
