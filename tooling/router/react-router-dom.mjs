// Build-time stand-in for 'react-router-dom' (see resolve.alias in tooling/rspack): the router comes from the
// @skynet/shared singleton, which bundles only the parts of react-router we use (shared/src/router.ts lists them).
// Module Federation cannot tree-shake a shared module, so sharing react-router itself cost 60 KB gzip on every
// page. Re-exporting the whole of @skynet/shared costs nothing: it is one shared module either way.
export * from '@skynet/shared';
