// @skynet/contract/api: the API's calls (request and answer schemas by operation id), the entities they carry and
// the OpenAPI document built from them. TypeBox values: the API imports them; browser code imports TYPES only
// (`import type`), so no schema code reaches a bundle.
import { accountCalls } from './account.js';
import { authCalls } from './auth.js';
import { chatCalls } from './chat.js';
import { feedCalls } from './feed.js';
import { miscCalls } from './misc.js';
import { moderationCalls, reportCalls } from './moderation.js';
import { notificationCalls } from './notifications.js';
import { planetCalls } from './planets.js';
import { postCalls } from './posts.js';
import { profileCalls } from './profiles.js';
import { RELEASE_REASON_MAX_LENGTH, releaseCalls } from './releases.js';
import { exportCalls, safetyCalls } from './safety.js';
import { securityCalls } from './security.js';

export * from './call.js';
export * from './entities.js';
export * from './envelope.js';
export * from './fields.js';
export { buildOpenApi } from './openapi.js';
export { SOCKET_EVENT_SCHEMAS } from './socket-events.js';
export {
  accountCalls,
  authCalls,
  chatCalls,
  exportCalls,
  feedCalls,
  miscCalls,
  moderationCalls,
  notificationCalls,
  planetCalls,
  postCalls,
  profileCalls,
  RELEASE_REASON_MAX_LENGTH,
  releaseCalls,
  reportCalls,
  safetyCalls,
  securityCalls,
};

// A new group joins `calls` when its routes land: the API refuses to start when its routes and `calls` differ.
/** Every call the API serves, by operation id. */
export const calls = {
  ...miscCalls,
  ...planetCalls,
  ...authCalls,
  ...accountCalls,
  ...chatCalls,
  ...profileCalls,
  ...postCalls,
  ...feedCalls,
  ...notificationCalls,
  ...safetyCalls,
  ...exportCalls,
  ...reportCalls,
  ...moderationCalls,
  ...securityCalls,
  ...releaseCalls,
};
export type Calls = typeof calls;
