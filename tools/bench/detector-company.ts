/**
 * `npx tsx tools/bench/detector-company.ts [detector ...]`: each detector's median time on the
 * detectors benchmark's request alone (many inspections in a row) and in company (all the chosen
 * detectors in turn on each request, as one evaluation runs them). In company each one runs with
 * the CPU caches holding the others' code and tables, so it is slower than alone; the difference
 * is what an evaluation pays for running several detectors, beyond their own work. A third column
 * times each alone after 50 ms without work, as at a light request rate: whatever the CPU caches
 * lost in that time is fetched again; a fourth times them in company after each such pause, as
 * an evaluation at a light rate runs them. Run it pinned (`taskset -c 0`) on a quiet machine.
 * BENCH_DETECTOR_TEXT=varied takes prompts cut from the shared datasets instead of the repeated
 * business prompt.
 */
import { performance } from 'node:perf_hooks';
import type { Detector } from '../../core/guardrail/detector.js';
import { benchDetectors, benchRequest, variedRequests } from '../../bench/detectors.js';

const ROUNDS = 4;
const PER_ROUND = 1000;
const AFTER_IDLE = 100;
const IDLE_MS = 50;
const round = (x: number) => Number(x.toFixed(3));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

const detectors = await benchDetectors(process.argv.slice(2));
const alone = new Map(detectors.map(([name]) => [name, [] as number[]]));
const together = new Map(detectors.map(([name]) => [name, [] as number[]]));

const varied = process.env.BENCH_DETECTOR_TEXT === 'varied' ? variedRequests(PER_ROUND) : undefined;
const requestOf = (i: number) => (varied ? varied[i % varied.length] : benchRequest(i));

const timed = async (detector: Detector, i: number, into: number[] | undefined) => {
  const request = requestOf(i);
  const t0 = performance.now();
  const result = detector.inspect(request);
  if (result instanceof Promise) await result;
  into?.push(performance.now() - t0);
};
// The first round warms up and is not counted.
for (let r = 0; r < ROUNDS + 1; r++) {
  for (const [name, detector] of detectors) for (let i = 0; i < PER_ROUND; i++) await timed(detector, r * PER_ROUND + i, r ? alone.get(name) : undefined);
  for (let i = 0; i < PER_ROUND; i++) for (const [name, detector] of detectors) await timed(detector, r * PER_ROUND + i, r ? together.get(name) : undefined);
}
const afterIdle = new Map(detectors.map(([name]) => [name, [] as number[]]));
for (const [name, detector] of detectors) {
  for (let i = 0; i < AFTER_IDLE; i++) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    await timed(detector, i, afterIdle.get(name));
  }
}
const companyAfterIdle = new Map(detectors.map(([name]) => [name, [] as number[]]));
for (let i = 0; i < AFTER_IDLE; i++) {
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  for (const [name, detector] of detectors) await timed(detector, i * 7, companyAfterIdle.get(name));
}
const rows = detectors.map(([name]) => ({
  detector: name,
  alone_p50_ms: round(median(alone.get(name)!)),
  in_company_p50_ms: round(median(together.get(name)!)),
  after_idle_p50_ms: round(median(afterIdle.get(name)!)),
  in_company_after_idle_p50_ms: round(median(companyAfterIdle.get(name)!)),
}));
type Column = Exclude<keyof (typeof rows)[number], 'detector'>;
const total = (column: Column) => round(rows.reduce((sum, row) => sum + row[column], 0));
rows.push({
  detector: 'sum',
  alone_p50_ms: total('alone_p50_ms'),
  in_company_p50_ms: total('in_company_p50_ms'),
  after_idle_p50_ms: total('after_idle_p50_ms'),
  in_company_after_idle_p50_ms: total('in_company_after_idle_p50_ms'),
});
console.table(rows);
