import { overrideAllowed } from '../../registry/overrides';

/** Why `url` cannot override `remote` here, or null when it can. */
export function overrideProblem(
  remote: string,
  url: string,
  remotes: readonly string[],
  allowed: readonly string[],
): string | null {
  if (!remotes.includes(remote)) return `Choose one of the site's remotes (${remotes.join(', ')}).`;
  const full = 'Enter the full http(s) address of a manifest, like http://localhost:3002/mf-manifest.json.';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return full;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return full;
  if (!overrideAllowed(url, allowed)) {
    return `${parsed.origin} is not allowed on this site (allowed: ${allowed.join(', ')}).`;
  }
  return null;
}
