// `:me` in a route's `early` calls (issue 34): the page's HTML is the same for everyone, and this part of the inline
// script puts in the id the visitor's saved access token names (`sub`, read unverified: the server verifies every
// token it is sent), so one's own pages (`/profile`: `/user/:me`) start their calls from the HTML too instead of
// waiting for the session's answer and the area's code. Every page carries it inline and its bytes count in /feed's
// budget, so it is small: atob's forgiving decode needs no padding, and an id is plain ASCII.

/**
 * A head start call as the inline script asks it with `token`: `:me` replaced by the person the token names; null
 * when the call needs that and the token names nobody readable (the page then asks for itself).
 */
export function callForToken(call: string, token: string): string | null {
  if (!call.includes(':me')) return call;
  try {
    const { sub } = JSON.parse(atob((token.split('.')[1] as string).replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof sub === 'string' && /^[\w-]{1,64}$/.test(sub)) return call.replace(/:me\b/g, sub);
  } catch {}
  return null;
}
