import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** The current time, moved on every minute, so that ages such as '5 minutes ago' stay true. */
export function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
