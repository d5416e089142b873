// The inline script's entry for `/messages`' signed-in template (built by tooling/rspack/prerender.mjs).
import { fillConversations } from './conversations-fill';

fillConversations();
