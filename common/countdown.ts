/** The spec's HH:MM:SS countdown, written by the server's `time_remaining` and read back by the dashboard. */
export function formatCountdown(totalSeconds: number): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor((totalSeconds % 3600) / 60))}:${pad(totalSeconds % 60)}`;
}

export function parseCountdown(value: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = value.split(":").map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

/**
 * The whole seconds a countdown shows when `msLeft` is the time to the deadline as the server rounded it up:
 * a second is shown only once it is fully left, so a fresh day reads 23:59:59, never 24:00:00, and 00:00:00
 * is the last second before the deadline.
 */
export function secondsShown(msLeft: number): number {
  return Math.max(0, Math.ceil(msLeft / 1000) - 1);
}
