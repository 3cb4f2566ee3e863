/**
 * Measures a gateway request against the same request sent straight to the upstream, in the
 * same run, interleaving the two and repeating, because this machine is noisy. Reports medians.
 */
import { saturate, type SaturationResult } from './closed-loop.js';
import { openLoop, type LatencyResult } from './open-loop.js';

export interface Target {
  url: string;
  body: string;
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

export async function compare(direct: Target, gateway: Target, options: CompareOptions): Promise<Comparison> {
  const runs = { direct: [] as LatencyResult[], gateway: [] as LatencyResult[] };
  const sat = { direct: [] as SaturationResult[], gateway: [] as SaturationResult[] };
  // Warm both paths (connection pools, JIT: a few thousand requests) before measuring.
  await saturate(direct.url, direct.body, direct.headers, 2);
  await saturate(gateway.url, gateway.body, gateway.headers, 2);
  await openLoop({ ...direct, rate: options.rate, durationMs: 1000, firstByteOnly: options.firstByteOnly });
  await openLoop({ ...gateway, rate: options.rate, durationMs: 1000, firstByteOnly: options.firstByteOnly });
  for (let i = 0; i < options.repeats; i++) {
    for (const [name, target] of [['direct', direct], ['gateway', gateway]] as const) {
      runs[name].push(await openLoop({ ...target, rate: options.rate, durationMs: options.durationMs, firstByteOnly: options.firstByteOnly, connections: options.connections }));
      if (options.saturation) sat[name].push(await saturate(target.url, target.body, target.headers, Math.max(2, Math.round(options.durationMs / 1000))));
    }
  }
  const d = medianLatency(runs.direct);
  const g = medianLatency(runs.gateway);
  const ds = medianSaturation(sat.direct);
  const gs = medianSaturation(sat.gateway);
  return {
    direct: { latency: d, saturation: ds },
    gateway: { latency: g, saturation: gs },
    addedP50: g.p50 - d.p50,
    addedP99: g.p99 - d.p99,
    rpsRatio: ds && gs ? gs.rps / ds.rps : undefined,
    errors: [...runs.direct, ...runs.gateway].reduce((a, r) => a + r.errors, 0) + [...sat.direct, ...sat.gateway].reduce((a, r) => a + r.errors + r.non2xx, 0),
  };
}
