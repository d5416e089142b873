// Where the device is, for a new post (spec point 7): latitude and longitude, or 0 and 0 when the browser
// refuses, has no geolocation, or takes too long.
export const POSITION_TIMEOUT_MS = 5000;

export function currentPosition(): Promise<{ latitude: number; longitude: number }> {
  const fallback = { latitude: 0, longitude: 0 };
  const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geo) return Promise.resolve(fallback);
  return new Promise((resolve) => {
    // Some browsers never answer when the prompt is ignored: our own timer settles it.
    const timer = setTimeout(() => resolve(fallback), POSITION_TIMEOUT_MS + 500);
    geo.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(timer);
        resolve({ latitude: coords.latitude, longitude: coords.longitude });
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
      { timeout: POSITION_TIMEOUT_MS, maximumAge: 10 * 60 * 1000 },
    );
  });
}
