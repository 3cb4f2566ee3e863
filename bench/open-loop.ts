/**
 * An open-loop load driver: requests start on a fixed schedule whatever the answers do, so
 * queueing shows up as latency instead of hiding as a lower rate (the coordinated-omission trap
 * of closed-loop tools). Latency is measured from each request's scheduled start.
 */
import { Pool } from 'undici';
import { bodySource, type RequestBodies } from './body-cycle.js';

export interface OpenLoopOptions {
  url: string;
  /** The body of every request, or bodies taken in turn (a list from its first, a BodyCycle where it stopped). */
  body: RequestBodies;
  headers: Record<string, string>;
  /** Requests per second. */
  rate: number;
  durationMs: number;
  /** Connections in the pool (enough that the pool never limits the rate). */
  connections?: number;
  /** Read the whole body (streams: time to last byte) or only to the first chunk. */
  firstByteOnly?: boolean;
}

export interface LatencyResult {
  sent: number;
  ok: number;
  errors: number;
  /** Milliseconds. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarize(latencies: number[], sent: number, errors: number): LatencyResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    sent,
    ok: sorted.length,
    errors,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    mean: sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1),
  };
}

export async function openLoop(options: OpenLoopOptions): Promise<LatencyResult> {
  const target = new URL(options.url);
  const pool = new Pool(target.origin, { connections: options.connections ?? 64, keepAliveTimeout: 60_000 });
  const path = target.pathname + target.search;
  const interval = 1000 / options.rate;
  const total = Math.floor((options.durationMs / 1000) * options.rate);
  const latencies: number[] = [];
  let errors = 0;
  const inflight: Promise<void>[] = [];
  const start = performance.now();

  const nextBody = bodySource(options.body);
  const fire = async (scheduled: number, body: string) => {
    try {
      const res = await pool.request({ method: 'POST', path, headers: options.headers, body });
      if (options.firstByteOnly) {
        for await (const _chunk of res.body) {
          latencies.push(performance.now() - scheduled);
          break;
        }
        await res.body.dump();
      } else {
        await res.body.dump();
        if (res.statusCode === 200) latencies.push(performance.now() - scheduled);
      }
      if (res.statusCode !== 200) errors++;
    } catch {
      errors++;
    }
  };

  for (let i = 0; i < total; i++) {
    const scheduled = start + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait - 0.5));
    // Spin the last fraction of a millisecond: timers are too coarse for sub-ms schedules.
    while (performance.now() < scheduled) {
      /* wait */
    }
    inflight.push(fire(scheduled, nextBody()));
  }
  await Promise.all(inflight);
  await pool.close();
  return summarize(latencies, total, errors);
}
