// Imported first by the repo's commands: on a Node older than 22 the command runs again on .node-version's Node and
// this import never finishes (node-runtime.mjs); the modules after it are not even loaded on the old Node.
import { onSupportedNode } from './node-runtime.mjs';

await onSupportedNode();
