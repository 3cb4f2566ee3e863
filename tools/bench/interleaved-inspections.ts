/**
 * The timing loop of the detector A/B scripts (toxicity-ab.ts, indirect-ab.ts): every build
 * inspects the same requests in turn, the first in each turn alternating so none always runs on
 * a warmer cache, in two passes over the requests after a warm-up. Gives each build's CPU and
 * wall time per inspection (ms) and how many requests got different hits from the builds.
 */
import { performance } from 'node:perf_hooks';
import type { Detector, InspectionRequest } from '../../core/guardrail/detector.js';

export interface InterleavedTimes {
  cpu: Float64Array[];
  wall: Float64Array[];
  mismatches: number;
}

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

export function timeInterleaved(builds: ReadonlyArray<readonly [string, Detector]>, requests: readonly InspectionRequest[], iterations: number): InterleavedTimes {
  for (let i = 0; i < 300; i++) for (const [, d] of builds) d.inspect(requests[i % requests.length]);
  const cpu = builds.map(() => new Float64Array(iterations * 2));
  const wall = builds.map(() => new Float64Array(iterations * 2));
  let mismatches = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < iterations; i++) {
      const request = requests[(i + pass * 7) % requests.length];
      const results: string[] = [];
      for (let k = 0; k < builds.length; k++) {
        const b = (k + i) % builds.length;
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const hits = builds[b][1].inspect(request);
        wall[b][pass * iterations + i] = performance.now() - t0;
        cpu[b][pass * iterations + i] = cpuMs(process.cpuUsage(c0));
        results[b] = JSON.stringify(hits);
      }
      if (results.some((r) => r !== results[0])) mismatches++;
    }
  }
  return { cpu, wall, mismatches };
}

/** The `p` quantile of `samples` (sorts them in place). */
export const quantile = (samples: Float64Array, p: number) => samples.sort()[Math.min(samples.length - 1, Math.floor(p * samples.length))];
