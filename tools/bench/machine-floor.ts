/**
 * The machine's own latency floor: the fake upstream (precomputed answers, no work to speak of)
 * pinned to the gateway's core and called over loopback in open loop at the evaluate scenario's
 * rates. Whatever p99 it shows, no server on that core can beat; it is the yardstick for the
 * absolute evaluate target. It is measured again with the upstream doing `BENCH_FLOOR_WORK_MS` of
 * CPU work per request (default 1.56, an evaluation's time in process, warm; a comma-separated
 * list measures each, e.g. `1.56,2.5` for the business and the dataset prompts) in a loop that
 * touches no memory: what a server doing that much work would show if nothing it touched ever
 * left the cache. Traffic goes only to 127.0.0.1.
 *
 *   npx tsx tools/bench/machine-floor.ts        (BENCH_DURATION_S per sample, default 10)
 */
import { openaiChat } from '../../bench/bodies.js';
import { openLoop } from '../../bench/open-loop.js';
import { HAS_TASKSET, pinSelf, startFakeUpstream } from '../../bench/processes.js';

const seconds = Number(process.env.BENCH_DURATION_S ?? 10);
const workMs = (process.env.BENCH_FLOOR_WORK_MS ?? '1.56').split(',');
const round = (x: number) => Number(x.toFixed(2));

pinSelf(1);
const rows = [];
for (const work of ['0', ...workMs]) {
  const upstream = await startFakeUpstream(HAS_TASKSET ? 0 : undefined, { BENCH_UPSTREAM_WORK_MS: work });
  const target = { url: `${upstream.url}/v1/chat/completions`, body: openaiChat(), headers: { 'content-type': 'application/json' } };
  try {
    for (const rate of [20, 100, 20, 100]) {
      await openLoop({ ...target, rate, durationMs: 2000 });
      const r = await openLoop({ ...target, rate, durationMs: seconds * 1000 });
      rows.push({ work_ms: Number(work), rate_rps: rate, p50_ms: round(r.p50), p90_ms: round(r.p90), p99_ms: round(r.p99), max_ms: round(r.max), errors: r.errors });
    }
  } finally {
    await upstream.stop();
  }
}
console.table(rows);
