import { useState } from 'react';

/**
 * Asks the browser where the visitor is, once they press a button: `locate()` hands the position
 * to `onFound`, or `error` says why there is none and what to do `instead`.
 */
export function useLocateMe(onFound: (at: GeolocationCoordinates) => void, instead: string) {
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const locate = () => {
    setError(null);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onFound(position.coords);
      },
      (failure) => {
        setLocating(false);
        const why =
          failure.code === failure.PERMISSION_DENIED
            ? 'Location permission was refused.'
            : 'Your location is not available.';
        setError(`${why} ${instead}`);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };
  return { locate, locating, error, canLocate };
}
