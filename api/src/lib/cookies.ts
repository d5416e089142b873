// The two cookies the API sets (the refresh token, the identity-provider flow binding): read and written by hand,
// they hold base64url values only, so no encoding is needed.

/** The value of cookie `name` in a `Cookie` header; null when absent or not a base64url word. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9_.-]{1,512}$/.test(value) ? value : null;
  }
  return null;
}

export interface CookieOptions {
  path: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  sameSite: 'Strict' | 'Lax';
  secure: boolean;
  httpOnly?: boolean;
}

export function serializeCookie(name: string, value: string, o: CookieOptions): string {
  return [
    `${name}=${value}`,
    `Path=${o.path}`,
    `Max-Age=${Math.max(0, Math.floor(o.maxAge))}`,
    `SameSite=${o.sameSite}`,
    ...(o.httpOnly === false ? [] : ['HttpOnly']),
    ...(o.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Adds a Set-Cookie header to a reply without dropping one already set. */
export function appendSetCookie(
  reply: { getHeader(name: string): unknown; header(name: string, value: unknown): unknown },
  cookie: string,
): void {
  const current = reply.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  reply.header('set-cookie', [...list, cookie]);
}
