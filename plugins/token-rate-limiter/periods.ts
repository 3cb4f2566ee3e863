import type { BudgetWindow } from './settings.js';

/** One budget period: [start, end) in epoch ms; `id` names it in counter keys. */
export interface Period {
  start: number;
  end: number;
  id: string;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The period containing `now`. Named windows are UTC calendar periods: the minute, hour, day,
 * ISO week (from Monday) and calendar month; every data plane computes the same period, so
 * shared counters line up. A number of seconds is a fixed window aligned to the epoch.
 */
export function periodOf(window: BudgetWindow, now: number): Period {
  if (typeof window === 'number') {
    const length = window * 1_000;
    const start = Math.floor(now / length) * length;
    return { start, end: start + length, id: `${window}s-${start}` };
  }
  const d = new Date(now);
  switch (window) {
    case 'minute':
    case 'hour':
    case 'day': {
      const length = window === 'minute' ? MINUTE : window === 'hour' ? HOUR : DAY;
      const start = Math.floor(now / length) * length;
      return { start, end: start + length, id: `${window}-${start}` };
    }
    case 'week': {
      const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      const sinceMonday = (d.getUTCDay() + 6) % 7;
      const start = midnight - sinceMonday * DAY;
      return { start, end: start + 7 * DAY, id: `week-${start}` };
    }
    case 'month': {
      const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      return { start, end, id: `month-${start}` };
    }
  }
}

/** How a window reads in messages. */
export function windowLabel(window: BudgetWindow): string {
  return typeof window === 'number' ? `${window} s` : window;
}
