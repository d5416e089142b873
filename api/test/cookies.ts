import type { LightMyRequestResponse } from 'fastify';

/**
 * A browser's cookie jar, as far as the API's cookies go: `take` reads an answer's Set-Cookie headers (a Max-Age=0
 * removes the cookie), `header` is the Cookie header to send back.
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(res: LightMyRequestResponse): this {
    const raw = res.headers['set-cookie'];
    for (const line of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
      const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (attributes.some((a) => /^max-age=0$/i.test(a)) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

/** The Cookie header a browser would send after this answer (its cookies only). */
export const browserCookie = (res: LightMyRequestResponse): string => new CookieJar().take(res).header();

/** The attributes of the Set-Cookie line for `name` in an answer, lower-cased ('' when not set). */
export function setCookieLine(res: LightMyRequestResponse, name: string): string {
  const raw = res.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return lines.find((l) => l.startsWith(`${name}=`)) ?? '';
}
