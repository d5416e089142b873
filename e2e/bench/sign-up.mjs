// Signs a fresh user up on a served product (tooling/site/product.mjs) and returns its jwt.
/**
 * @param {string} baseURL
 * @param {{ planetId?: string, prefix?: string }} [options] home planet (default the third) and user name prefix
 */
export async function signUp(baseURL, options = {}) {
  const planetId = options.planetId ?? (await (await fetch(`${baseURL}/api/planet`)).json()).value[2]._id;
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `${options.prefix ?? 'bench'}_${id}`;
  const response = await fetch(`${baseURL}/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name}@example.com`,
      userName: name,
      password: `Bench-${id}-pw`,
      location: { latitude: 0, longitude: 0, planetId },
    }),
  });
  const answer = await response.json();
  const token = answer.value;
  if (typeof token !== 'string') throw new Error(`Sign-up failed: ${response.status} ${answer.error ?? ''}`);
  return token;
}

/**
 * Posts once as the user of `token` and saves that post, so /feed and /saved both have a list to show.
 * @param {string} baseURL @param {string} token
 */
export async function postAndSave(baseURL, token) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const planets = (await (await fetch(`${baseURL}/api/planet`)).json()).value;
  const posted = await fetch(`${baseURL}/api/post`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      content: 'Benchmark post: hello from the third planet.',
      location: { latitude: 0, longitude: 0, planetId: planets[2]._id },
    }),
  });
  const id = (await posted.json()).value?._id;
  if (!id) throw new Error(`Posting failed: ${posted.status}`);
  const saved = await fetch(`${baseURL}/api/post/${id}/save`, { method: 'POST', headers });
  if (!saved.ok) throw new Error(`Saving failed: ${saved.status}`);
}
