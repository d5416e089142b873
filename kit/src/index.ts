// @skynet/kit: what every Skynet front end builds screens with, bundled into each package that imports it (and
// tree-shaken there), so a team ships a kit change with its own remote and never waits for a shell release. It holds
// no state of its own: the HTTP client, the socket and the session it uses are @skynet/shared's singletons.
export * from './api';
export { formatLongDate, formatMonthDay, formatMonthDayTime } from './dates';
export * from './forms';
export { type FetchPage, type PagedList, SCROLL_CHECK_MS, usePagedList } from './hooks/usePagedList';
export { useReplacesPrerenderedWhen } from './hooks/useReplacesPrerenderedWhen';
export { ignoreShortcutKey, isTypingIn, KEYBOARD_OWNER } from './keys';
export { paths, slugify } from './paths';
export * from './routing/AreaRoutes';
export * from './safety';
export { Avatar } from './ui/Avatar';
export { END_OF_LIST_TEXT, EndOfList, Loader } from './ui/Loader';
export { MenuButton, type MenuButtonProps, type MenuItem } from './ui/MenuButton';
export { PageHeader, PRODUCT_NAME, useDocumentTitle } from './ui/PageHeader';
