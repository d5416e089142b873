import axios, { type AxiosError } from 'axios';
import {
  type AxiosCacheInstance,
  buildMemoryStorage,
  buildWebStorage,
  setupCache,
} from 'axios-cache-interceptor';
import { getRuntimeConfig, onRuntimeConfig } from '../config';
import { CACHE_PREFIX, CACHE_TTL_MS, CACHED_PATHS } from './cache';
import { emitUnauthorized } from './events';
import { readToken } from './token';

function storage() {
  try {
    window.localStorage.setItem(`${CACHE_PREFIX}probe`, '1');
    window.localStorage.removeItem(`${CACHE_PREFIX}probe`);
    return buildWebStorage(window.localStorage, CACHE_PREFIX);
  } catch {
    return buildMemoryStorage();
  }
}

function createHttp(): AxiosCacheInstance {
  const instance = setupCache(axios.create({ baseURL: getRuntimeConfig().apiBaseUrl, timeout: 20_000 }), {
    storage: storage(),
    ttl: CACHE_TTL_MS,
    methods: ['get', 'head'],
    // Our own rule decides, not the server's Cache-Control.
    interpretHeader: false,
    etag: false,
    modifiedSince: false,
    cachePredicate: { statusCheck: (status) => status >= 200 && status < 300, allowUrls: CACHED_PATHS },
  });
  instance.interceptors.request.use((request) => {
    const token = readToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  });
  instance.interceptors.response.use(undefined, (error: AxiosError) => {
    if (error.response?.status === 401 && readToken()) emitUnauthorized();
    return Promise.reject(error);
  });
  onRuntimeConfig((config) => {
    instance.defaults.baseURL = config.apiBaseUrl;
  });
  return instance;
}

/** The one HTTP client of the whole product (a Module Federation singleton through @skynet/shared). */
export const http: AxiosCacheInstance = createHttp();

// Counted on the page so the platform's browser tests can prove there is one copy of @skynet/shared:
// a second copy (a broken singleton) would create a second client and show 2 here.
const probe = globalThis as { __skynetHttpClients?: number };
probe.__skynetHttpClients = (probe.__skynetHttpClients ?? 0) + 1;

/** The text a person should see for a failed call: the server's `error`, else a plain fallback. */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (axios.isAxiosError(error)) {
    const data = error.response?.data as { error?: unknown; message?: unknown } | undefined;
    if (data && typeof data.error === 'string' && data.error) return data.error;
    if (data && typeof data.message === 'string' && data.message) return data.message;
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT')
      return 'The request timed out. Please try again.';
    if (!error.response) return 'Network error: check your connection and try again.';
  }
  return fallback;
}
