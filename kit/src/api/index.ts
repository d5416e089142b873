// Typed functions for every call of spec point 7, one module per area. Each returns what the screen needs and throws
// on failure; `errorText(error)` turns a failure into the text to show.
export { accountApi, type SessionInfo } from './account';
export { authApi } from './auth';
export { type ChatHistory, chatApi, newIdempotencyKey } from './chat';
export { faqApi } from './faq';
export { feedApi } from './feed';
export { notificationsApi } from './notifications';
export { planetApi } from './planets';
export { platformApi } from './platform';
export { postApi } from './posts';
export type { AnswerOf, BodyOf, ValueOf } from './types';
export { userApi } from './users';
