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
