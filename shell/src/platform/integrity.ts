// A Module Federation runtime plugin that checks what the registry recorded at publish time:
// - manifests: the runtime fetches them through the `fetch` hook; we hash the bytes (WebCrypto, secure contexts
//   only) and refuse a mismatch, so the load fails and the canary falls back to stable;
// - remoteEntry.js: the `createScript` hook gives the script element an `integrity` attribute, which the browser
//   enforces itself (a mismatch is a script error).
// Chunks the remote's own runtime loads are not covered (they are named by content hash); see docs/registry.md.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { type IntegrityIndex, matchesIntegrity } from '../registry/integrity';

const absolute = (url: string) => {
  try {
    return new URL(url, window.location.href).href;
  } catch {
    return url;
  }
};

let warnedInsecure = false;

async function verifiedFetch(url: string, init: RequestInit, expected: string): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) return response;
  const bytes = await response.arrayBuffer();
  const verdict = await matchesIntegrity(bytes, expected);
  if (verdict === false)
    throw new Error(`[shell] ${url} does not match the integrity recorded at publish time`);
  if (verdict === null && !warnedInsecure) {
    warnedInsecure = true;
    console.warn(
      '[shell] manifest integrity not checked: WebCrypto needs a secure context (https or localhost)',
    );
  }
  return new Response(bytes, { status: response.status, headers: response.headers });
}

export function integrityPlugin(index: IntegrityIndex): ModuleFederationRuntimePlugin {
  return {
    name: 'skynet-integrity',
    fetch(url, init) {
      const expected = index.get(absolute(url));
      if (!expected) return undefined;
      return verifiedFetch(url, init, expected);
    },
    createScript({ url }) {
      const expected = index.get(absolute(url));
      if (!expected) return undefined;
      const script = document.createElement('script');
      script.integrity = expected;
      script.crossOrigin = 'anonymous';
      return script;
    },
  };
}
