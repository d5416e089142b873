// The one HTTP client (axios with axios-cache-interceptor). The libraries load with the first request, not with the
// page: a signed-out visitor's first screens make no API call and never download them (issue 9, ~17 KB gzip).
import { AREA_HEADER, PAGE_TOKEN_HEADER } from '@skynet/contract';
import type { AxiosError } from 'axios';
import type { AxiosCacheInstance, buildMemoryStorage, buildWebStorage } from 'axios-cache-interceptor';
import { getRuntimeConfig, onRuntimeConfig } from '../config';
import { CACHE_PREFIX, CACHE_TTL_MS, CACHED_PATHS } from './cache';
import { emitUnauthorized, refreshToken } from './events';
import { loadHttpLibraries } from './libraries';
import { readToken } from './token';

function storage(build: { web: typeof buildWebStorage; memory: typeof buildMemoryStorage }) {
  try {
    window.localStorage.setItem(`${CACHE_PREFIX}probe`, '1');
    window.localStorage.removeItem(`${CACHE_PREFIX}probe`);
    return build.web(window.localStorage, CACHE_PREFIX);
  } catch {
    return build.memory();
  }
}

/** What API calls say about the page that made them (issue 33): the server counts answers per remote version. */
export interface ApiPage {
  /** The page token from the page's head start. */
  token?: string;
  /** The remote whose area shows the current route; undefined on a page of the shell's own. */
  area?: string;
}

const page: ApiPage = {};

/** The shell names the page: its token once, the area each time a route's area mounts (or none). */
export function setApiPage(next: ApiPage): void {
  Object.assign(page, next);
}

/** Marks a request already sent again after a token refresh. */
const RETRIED = '__skynetRetried';

/** GET /user/login?token=refresh: the renewal itself. */
function isRefreshCall(url: string | undefined, params: unknown): boolean {
  return (
    url === '/user/login' &&
    typeof params === 'object' &&
    params !== null &&
    (params as { token?: unknown }).token === 'refresh'
  );
}

async function createHttp(): Promise<AxiosCacheInstance> {
  const [{ default: axios }, cache] = await loadHttpLibraries();
  const instance = cache.setupCache(
    axios.create({ baseURL: getRuntimeConfig().apiBaseUrl, timeout: 20_000 }),
    {
      storage: storage({ web: cache.buildWebStorage, memory: cache.buildMemoryStorage }),
      ttl: CACHE_TTL_MS,
      methods: ['get', 'head'],
      // Our own rule decides, not the server's Cache-Control.
      interpretHeader: false,
      etag: false,
      modifiedSince: false,
      cachePredicate: { statusCheck: (status) => status >= 200 && status < 300, allowUrls: CACHED_PATHS },
    },
  );
  instance.interceptors.request.use((request) => {
    const token = readToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    // Calls to the API base only (a relative URL, or one under it): no other host learns the page token.
    const url = request.url ?? '';
    if (!/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith(getRuntimeConfig().apiBaseUrl)) {
      if (page.token) request.headers.set(PAGE_TOKEN_HEADER, page.token);
      if (page.area) request.headers.set(AREA_HEADER, page.area);
    }
    return request;
  });
  // A 401 with a token: the access token may just have expired. The session renews it once (the refresh cookie) and
  // the request goes again; only when that fails is the session over (emitUnauthorized). The refresh call itself
  // and a request already sent again never renew.
  instance.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as (typeof error.config & { [RETRIED]?: boolean }) | undefined;
    if (error.response?.status !== 401 || !readToken()) return Promise.reject(error);
    // A failed renewal is answered to the request that asked for it, which tells the shell.
    if (config && isRefreshCall(config.url, config.params)) return Promise.reject(error);
    if (config && !config[RETRIED]) {
      const fresh = await refreshToken();
      if (fresh) {
        config[RETRIED] = true;
        config.headers.set('Authorization', `Bearer ${fresh}`);
        return instance.request(config);
      }
    }
    if (readToken()) emitUnauthorized();
    return Promise.reject(error);
  });
  onRuntimeConfig((config) => {
    instance.defaults.baseURL = config.apiBaseUrl;
  });
  // Counted on the page so the platform's browser tests can prove there is one copy of @skynet/shared:
  // a second copy (a broken singleton) would create a second client and show 2 here.
  const probe = globalThis as { __skynetHttpClients?: number };
  probe.__skynetHttpClients = (probe.__skynetHttpClients ?? 0) + 1;
  return instance;
}

let client: Promise<AxiosCacheInstance> | undefined;

/** The one HTTP client of the whole product (a Module Federation singleton through @skynet/shared). */
export function httpClient(): Promise<AxiosCacheInstance> {
  client ??= createHttp();
  return client;
}

type Client = AxiosCacheInstance;

/** The client's calls, each waiting for the client: what the typed API (api/index.ts) uses. */
export const http = {
  get: ((...args: Parameters<Client['get']>) => httpClient().then((c) => c.get(...args))) as Client['get'],
  post: ((...args: Parameters<Client['post']>) =>
    httpClient().then((c) => c.post(...args))) as Client['post'],
  patch: ((...args: Parameters<Client['patch']>) =>
    httpClient().then((c) => c.patch(...args))) as Client['patch'],
  delete: ((...args: Parameters<Client['delete']>) =>
    httpClient().then((c) => c.delete(...args))) as Client['delete'],
  storage: {
    get: (id: string) => httpClient().then((c) => c.storage.get(id)),
    set: (...args: Parameters<Client['storage']['set']>) => httpClient().then((c) => c.storage.set(...args)),
    remove: (id: string) => httpClient().then((c) => c.storage.remove(id)),
  },
};

const isAxiosError = (error: unknown): error is AxiosError =>
  typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;

/** The text a person should see for a failed call: the server's `error`, else a plain fallback. */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isAxiosError(error)) {
    const data = error.response?.data as { error?: unknown; message?: unknown } | undefined;
    if (data && typeof data.error === 'string' && data.error) return data.error;
    if (data && typeof data.message === 'string' && data.message) return data.message;
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT')
      return 'The request timed out. Please try again.';
    if (!error.response) return 'Network error: check your connection and try again.';
  }
  return fallback;
}
