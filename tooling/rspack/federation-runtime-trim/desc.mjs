// Stand-in for @module-federation/error-codes' desc.mjs (TrimFederationErrorTextPlugin, tooling/rspack/index.mjs):
// the English description of each MF error code, about 0.45 KB gzip in the shell's main.js and again in every
// remoteEntry.js, on every page. The runtime's messages keep their code, arguments and the troubleshooting link that
// explains the code (getShortErrorMsg: "<description> #RUNTIME-008 ... https://module-federation.io/guide/
// troubleshooting/runtime#runtime-008"); the shell shows its own texts for a remote that fails (platform/
// applications.ts), so no person ever read these.
export const runtimeDescMap = {};
export const typeDescMap = {};
export const buildDescMap = {};
export const errorDescMap = {};
