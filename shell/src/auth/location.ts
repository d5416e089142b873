// The browser's position for a new account; latitude 0 / longitude 0 when it is refused, unavailable or
// does not answer in time (spec point 5).
export interface Coordinates {
  latitude: number;
  longitude: number;
}

export const FALLBACK_COORDINATES: Coordinates = { latitude: 0, longitude: 0 };

export function currentCoordinates(timeoutMs = 10_000): Promise<Coordinates> {
  return new Promise((resolve) => {
    const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geolocation) {
      resolve(FALLBACK_COORDINATES);
      return;
    }
    // The browser's own timeout only starts once permission is given: a prompt left unanswered must not hang.
    const timer = setTimeout(() => resolve(FALLBACK_COORDINATES), timeoutMs + 5_000);
    geolocation.getCurrentPosition(
      (position) => {
        clearTimeout(timer);
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      () => {
        clearTimeout(timer);
        resolve(FALLBACK_COORDINATES);
      },
      { timeout: timeoutMs, maximumAge: 600_000 },
    );
  });
}
