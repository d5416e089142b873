// The inline script's entry for `/messages/:id`'s signed-in template (built by tooling/rspack/prerender.mjs).
import { fillChat } from './chat-fill';

fillChat();
