/**
 * Measures a gateway request against the same request sent straight to the upstream (or several
 * gateways against it), in the same run, interleaving them and repeating, because this machine
 * is noisy. Reports medians.
 */
import type { RequestBodies } from './body-cycle.js';
import { saturate, type SaturationResult } from './closed-loop.js';
import { openLoop, type LatencyResult } from './open-loop.js';

export interface Target {
  url: string;
  /** One body, or bodies taken in turn (never-repeating prompts: a supplier shared by the run). */
  body: RequestBodies;
  headers: Record<string, string>;
}

export interface CompareOptions {
  rate: number;
  durationMs: number;
  repeats: number;
  /** Also run closed-loop saturation. */
  saturation?: boolean;
  firstByteOnly?: boolean;
  connections?: number;
  /**
   * Rotate the targets after the first from one repeat to the next, so each of them follows the
   * first (the direct path, which leaves the gateway core idle) equally often: the one right after
   * it starts colder.
   */
  rotate?: boolean;
}

export interface Comparison {
  direct: { latency: LatencyResult; saturation?: SaturationResult };
  gateway: { latency: LatencyResult; saturation?: SaturationResult };
  /** Gateway minus direct, milliseconds. */
  addedP50: number;
  addedP99: number;
  /** Gateway saturation rps / direct saturation rps. */
  rpsRatio?: number;
  errors: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The median of each figure over repeated runs. */
export function medianLatency(runs: LatencyResult[]): LatencyResult {
  const pick = (k: keyof LatencyResult) => median(runs.map((r) => r[k]));
  return { sent: pick('sent'), ok: pick('ok'), errors: pick('errors'), p50: pick('p50'), p90: pick('p90'), p99: pick('p99'), max: pick('max'), mean: pick('mean') };
}

function medianSaturation(runs: SaturationResult[]): SaturationResult | undefined {
  if (!runs.length) return undefined;
  const pick = (k: keyof SaturationResult) => median(runs.map((r) => r[k]));
  return { rps: pick('rps'), requests: pick('requests'), p50: pick('p50'), p99: pick('p99'), errors: pick('errors'), non2xx: pick('non2xx') };
}

/** Each target's samples, in the order of the targets given. */
export interface InterleavedRuns {
  latency: LatencyResult[][];
  saturation: SaturationResult[][];
}

/**
 * Warms every target, then samples them in turn, `repeats` times over, so the machine's drift
 * over a run falls on all of them alike.
 */
export async function interleave(targets: Target[], options: CompareOptions): Promise<InterleavedRuns> {
  const runs: InterleavedRuns = { latency: targets.map(() => []), saturation: targets.map(() => []) };
  // Warm every path (connection pools, JIT: a few thousand requests) before measuring.
  for (const target of targets) await saturate(target.url, target.body, target.headers, 2);
  for (const target of targets) await openLoop({ ...target, rate: options.rate, durationMs: 1000, firstByteOnly: options.firstByteOnly });
  for (let i = 0; i < options.repeats; i++) {
    const rest = targets.length - 1;
    const order = targets.map((_, k) => (options.rotate && k > 0 ? 1 + ((k - 1 + i) % rest) : k));
    for (const t of order) {
      const target = targets[t];
      runs.latency[t].push(await openLoop({ ...target, rate: options.rate, durationMs: options.durationMs, firstByteOnly: options.firstByteOnly, connections: options.connections }));
      if (options.saturation) runs.saturation[t].push(await saturate(target.url, target.body, target.headers, Math.max(2, Math.round(options.durationMs / 1000))));
    }
  }
  return runs;
}

/** Errors and non-2xx answers over every sample of target `t`. */
export function errorsOf(runs: InterleavedRuns, t: number): number {
  return runs.latency[t].reduce((a, r) => a + r.errors, 0) + runs.saturation[t].reduce((a, r) => a + r.errors + r.non2xx, 0);
}

export async function compare(direct: Target, gateway: Target, options: CompareOptions): Promise<Comparison> {
  const runs = await interleave([direct, gateway], options);
  const [d, g] = runs.latency.map(medianLatency);
  const [ds, gs] = runs.saturation.map(medianSaturation);
  return {
    direct: { latency: d, saturation: ds },
    gateway: { latency: g, saturation: gs },
    addedP50: g.p50 - d.p50,
    addedP99: g.p99 - d.p99,
    rpsRatio: ds && gs ? gs.rps / ds.rps : undefined,
    errors: errorsOf(runs, 0) + errorsOf(runs, 1),
  };
}
