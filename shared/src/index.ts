// @skynet/shared: the runtime singleton. Provided by the shell through Module Federation, so what it holds exists
// once per page whichever remote asks: the one HTTP client, the one socket, the session, the runtime config, the
// toasts, the area lifecycles and the router. Keep it small and stable: a remote never waits for a shell release
// to get something new here. Stateless helpers (typed calls, forms, UI pieces, paths, dates, hooks) live in
// @skynet/kit, which each package bundles; facts the packages agree on live in @skynet/contract.
export { getRuntimeConfig, parseRuntimeConfig, type RuntimeConfig, setRuntimeConfig } from './config';
export { cacheIds } from './http/cache';
export { type ApiPage, errorText, http, httpClient, setApiPage } from './http/client';
export { getEnvelope, unwrap } from './http/envelope';
export { onUnauthorized } from './http/events';
export { readToken } from './http/token';
export { AreaFallback } from './lifecycles/AreaFallback';
export { type AreaProps, createLifecycles, type Lifecycles } from './lifecycles/createLifecycles';
export { dropPrerendered, prerenderedRemote, useReplacesPrerendered } from './lifecycles/prerendered';
export { RemoteComponent, setRemoteLoader } from './lifecycles/RemoteComponent';
export * from './router';
export { sessionCalls } from './session/calls';
export { type SessionState, session, useSession } from './session/store';
export { getSocket } from './socket';
export { notify, ToastHost } from './toast';
