/** A named window or a number of seconds (the `window` of a limiter's `limits` setting). */
export type RateWindow = 'second' | 'minute' | 'hour' | 'day' | number;

const NAMED: Record<string, number> = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** A window's length in milliseconds. */
export function windowMs(window: RateWindow): number {
  return typeof window === 'number' ? window * 1_000 : NAMED[window];
}

/** How a window reads in messages: `minute`, `30 s`. */
export function windowLabel(window: RateWindow): string {
  return typeof window === 'number' ? `${window} s` : window;
}
