/**
 * `taskset -c 0 npx tsx tools/bench/detector-spread.ts`: how an evaluation's detector time spreads
 * across real prompts. Every detector runs in turn, as an evaluation runs them, on 1,000 prompts
 * cut from the shared datasets; each prompt's time per detector is the best of PASSES passes
 * (after a warm-up), so what is left is the prompt's own cost, not the machine's noise. Prints
 * the summed time at a few quantiles of the prompts with each detector's share at that prompt,
 * and each detector's mean over the slowest twentieth against the middle tenth.
 */
import { performance } from 'node:perf_hooks';
import { benchDetectors, variedRequests } from '../../bench/detectors.js';

const PROMPTS = 1000;
const WARM_UP_PASSES = 3;
const PASSES = 5;
const ms = (x: number) => Number(x.toFixed(3));

const detectors = await benchDetectors();
const requests = variedRequests(PROMPTS);
for (let pass = 0; pass < WARM_UP_PASSES; pass++) for (const request of requests) for (const [, d] of detectors) await d.inspect(request);

/** best[prompt][detector]: the fastest of the passes. */
const best = requests.map(() => detectors.map(() => Infinity));
for (let pass = 0; pass < PASSES; pass++) {
  for (let i = 0; i < requests.length; i++) {
    for (let k = 0; k < detectors.length; k++) {
      const t0 = performance.now();
      await detectors[k][1].inspect(requests[i]);
      best[i][k] = Math.min(best[i][k], performance.now() - t0);
    }
  }
}

const byTotal = best.map((times) => ({ times, total: times.reduce((a, b) => a + b, 0) })).sort((a, b) => a.total - b.total);
const names = detectors.map(([name]) => name);
console.table(
  [0.1, 0.5, 0.9, 0.95, 0.99].map((q) => {
    const at = byTotal[Math.floor(q * (byTotal.length - 1))];
    return { quantile: q, total_ms: ms(at.total), ...Object.fromEntries(names.map((name, k) => [name, ms(at.times[k])])) };
  }),
);
const meanOf = (rows: typeof byTotal, k: number) => ms(rows.reduce((sum, row) => sum + row.times[k], 0) / rows.length);
const slowest = byTotal.slice(-Math.ceil(PROMPTS / 20));
const middle = byTotal.slice(Math.floor(PROMPTS * 0.45), Math.floor(PROMPTS * 0.55));
console.table(names.map((name, k) => ({ detector: name, slowest_twentieth_mean_ms: meanOf(slowest, k), middle_tenth_mean_ms: meanOf(middle, k) })));
