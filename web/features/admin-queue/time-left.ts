/** A time left in whole hours and minutes, rounded up to the minute, so that it never reads 0 minutes. */
export function timeLeft(seconds: number): { hours: number; minutes: number } {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
