// Signs a fresh user up on a served product (tooling/site/product.mjs) and returns its jwt.
/** @param {string} baseURL */
export async function signUp(baseURL) {
  const planets = (await (await fetch(`${baseURL}/api/planet`)).json()).value;
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await fetch(`${baseURL}/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench_${id}@example.com`,
      userName: `bench_${id}`,
      password: `Bench-${id}-pw`,
      location: { latitude: 0, longitude: 0, planetId: planets[2]._id },
    }),
  });
  const token = (await response.json()).value;
  if (typeof token !== 'string') throw new Error(`Sign-up failed: ${response.status}`);
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
