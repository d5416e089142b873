// A page's Content-Security-Policy. The server that mounts the site sets its policy on every answer (the API's
// security plugin: sources, sockets, frames); the site alone knows which inline scripts each page carries (its own
// built ones, and a signed-in template's fill script as its remote published it), so it allows exactly those, by
// hash, in the page's `script-src`. Other answers (files, the API's JSON) allow no inline script at all.

const CSP = 'content-security-policy';

/** `policy` with `sources` added to its script-src, after its first source ('self'); unchanged without script-src. */
export function withInlineScripts(policy: string, sources: readonly string[]): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name, first, ...rest] = directive.trim().split(/\s+/);
      if (name !== 'script-src' || sources.length === 0) return directive;
      const indent = /^\s*/.exec(directive)?.[0] ?? '';
      return `${indent}${[name, ...(first ? [first] : []), ...sources, ...rest].join(' ')}`;
    })
    .join(';');
}

/** Allows a page's inline scripts in the policy already on `reply` (none there: the server sends no CSP). */
export function allowInlineScripts(
  reply: { getHeader(name: string): unknown; header(name: string, value: string): unknown },
  sources: readonly string[],
): void {
  const policy = reply.getHeader(CSP);
  if (typeof policy === 'string') reply.header(CSP, withInlineScripts(policy, sources));
}
