/**
 * `npx tsx tools/bench/evaluate-gcs.ts` (after `npm run build`): the evaluate scenario's sequence for
 * one kind of prompt (a 30 s warm-up at 100 req/s, then at 20, 100 and 200 req/s three samples
 * each of the one-word floor and the 4 KB prompt) under V8's GC trace, printing per sample the prompt's p50, p99 and
 * worst latency and the collections in the floor and in the prompt: `s=` counts scavenges (`s_max=`
 * the longest pause in ms, `s_promoted_kb=` what they moved to the old generation), and
 * each major one shows as `mc:r<reduce_memory>:<pause ms>`. A sample with many more scavenges
 * than its neighbours met a shrunken young generation. BENCH_GATEWAY_NODE_ARGS weighs a V8
 * option (`--min-semi-space-size=1 --memory-reducer` undoes the gateway's own, see
 * core/runtime/v8-options.ts). EVALUATE_TEXT=dataset sends the scenario's dataset prompts
 * instead of the repeated business prompt. Traffic goes only to 127.0.0.1.
 */
import { createContext } from '../../bench/context.js';
import { GC_TRACE_FLAG, type GcRecord } from '../../bench/gc-trace.js';
import { openLoop } from '../../bench/open-loop.js';
import { HAS_TASKSET, pinSelf, startFakeUpstream } from '../../bench/processes.js';
import { evaluateBodiesFromEnv, evaluateFloorBody, evaluateSeed } from '../../bench/scenarios/evaluate.js';

const SAMPLE_MS = 5000;
const body = evaluateBodiesFromEnv();

/** A part's collections: the major ones by kind, then the number of scavenges, the longest one's pause (ms) and what they promoted. */
const describe = (gcs: GcRecord[]) => {
  const scavenges = gcs.filter((gc) => gc.gc === 's');
  const pauses = scavenges.map((gc) => Number(gc.pause));
  const promotedKb = scavenges.reduce((sum, gc) => sum + Number(gc.promoted), 0) / 1024;
  return [
    ...gcs.filter((gc) => gc.gc !== 's').map((gc) => `${gc.gc}:r${gc.reduce_memory}:${gc.pause}`),
    `s=${scavenges.length}`,
    ...(scavenges.length ? [`s_max=${Math.max(...pauses)}`, `s_promoted_kb=${Math.round(promotedKb)}`] : []),
  ].join(' ');
};

pinSelf(1);
const upstream = await startFakeUpstream(HAS_TASKSET ? 1 : undefined);
const ctx = createContext({ rate: 200, durationMs: SAMPLE_MS, repeats: 1, soakMs: 0, gatewayCore: HAS_TASKSET ? 0 : undefined }, upstream.url);
const gw = await ctx.gateway(evaluateSeed, ['guardrail'], [GC_TRACE_FLAG]);
const target = { url: `${gw.urls.guardrail}/v1/evaluate`, headers: { 'content-type': 'application/json', authorization: `Bearer ${gw.collectorKey}` } };
const round = (x: number) => Number(x.toFixed(2));
try {
  await openLoop({ ...target, body, rate: 100, durationMs: 30_000 });
  for (const rate of [20, 100, 200]) {
    await openLoop({ ...target, body, rate, durationMs: 2000 });
    for (let i = 0; i < 3; i++) {
      const before = gw.gcTrace().length;
      await openLoop({ ...target, body: evaluateFloorBody(), rate, durationMs: SAMPLE_MS });
      const between = gw.gcTrace().length;
      const prompt = await openLoop({ ...target, body, rate, durationMs: SAMPLE_MS });
      const gcs = gw.gcTrace();
      const row = { rate, p50_ms: round(prompt.p50), p99_ms: round(prompt.p99), max_ms: round(prompt.max) };
      console.log(JSON.stringify({ ...row, floor_gcs: describe(gcs.slice(before, between)), prompt_gcs: describe(gcs.slice(between)) }));
    }
  }
} finally {
  await gw.stop();
  await upstream.stop();
}
