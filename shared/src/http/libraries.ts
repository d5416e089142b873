// The HTTP libraries, loaded as one lazy pair with the first request. The shell's entry chunk imports this module
// directly (`@skynet/shared/http-libraries`, not the shared singleton, which is not loaded yet there) to start the
// download early for a visitor with a saved token; both imports name the same chunks, so nothing loads twice.
export const loadHttpLibraries = () => Promise.all([import('axios'), import('axios-cache-interceptor')]);
