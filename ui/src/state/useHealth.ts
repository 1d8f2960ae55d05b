import { useEffect, useState } from 'react';
import { getHealth, type Health } from '../api/client';

/** How soon /health is asked again while Harper is not ready (starting, or a service away). */
export const HEALTH_RETRY_MS = 2_000;
/** How often /health is asked once ready, so a service that goes away shows in the header. */
export const HEALTH_REFRESH_MS = 30_000;

/**
 * Harper's readiness for the header, asked on mount and then again: every few seconds while not
 * ready (a page opened during start-up turns ready by itself), every half minute once ready.
 * A failed request counts as not ready. `null` until the first answer.
 */
export function useHealth(): Health | null {
  const [health, setHealth] = useState<Health | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      getHealth()
        .catch((): Health => ({ ok: false }))
        .then((found) => {
          if (stopped) return;
          setHealth(found);
          timer = setTimeout(check, found.ok ? HEALTH_REFRESH_MS : HEALTH_RETRY_MS);
        });
    };
    check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  return health;
}
