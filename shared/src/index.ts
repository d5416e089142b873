// @skynet/shared: the one surface every remote and the shell build on. A Module Federation singleton,
// so its state (HTTP client, socket, session, toasts) exists once per page whichever remote asks.
export * from './api';
export * from './config';
export { formatLongDate, formatMonthDay, formatMonthDayTime } from './dates';
export * from './forms';
export { CACHE_PREFIX, CACHE_TTL_MS, cacheIds, isCachedPath } from './http/cache';
export { errorText, http, httpClient } from './http/client';
export { onUnauthorized } from './http/events';
export { readToken, TOKEN_KEY, writeToken } from './http/token';
export { AreaFallback } from './lifecycles/AreaFallback';
export { type AreaProps, createLifecycles, type Lifecycles } from './lifecycles/createLifecycles';
export { ErrorBoundary } from './lifecycles/ErrorBoundary';
export { dropPrerendered, prerenderedRemote, useReplacesPrerendered } from './lifecycles/prerendered';
export { loadExposed, RemoteComponent, setRemoteLoader } from './lifecycles/RemoteComponent';
export { paths, slugify } from './paths';
export * from './router';
export { type SessionState, type SessionStatus, session, useCurrentUser, useSession } from './session/store';
export { closeSocket, getSocket, SOCKET_EVENTS, socketCount, socketOptions } from './socket';
export { notify, TOAST_DEFAULTS, ToastHost } from './toast';
export type * from './types';
export { Avatar } from './ui/Avatar';
export { END_OF_LIST_TEXT, EndOfList, Loader } from './ui/Loader';
export { PageHeader, PRODUCT_NAME, useDocumentTitle } from './ui/PageHeader';
