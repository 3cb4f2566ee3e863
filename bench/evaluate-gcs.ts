/**
 * `npx tsx bench/evaluate-gcs.ts` (after `npm run build`): the evaluate scenario's sequence (a
 * 30 s warm-up at 100 req/s, then at 20, 100 and 200 req/s three samples each of the one-word
 * floor and the 4 KB prompt) under V8's GC trace, printing per sample the prompt's p50, p99 and
 * worst latency and the collections in the floor and in the prompt: `s=` counts scavenges, and
 * each major one shows as `mc:r<reduce_memory>:<pause ms>`. A sample with many more scavenges
 * than its neighbours met a shrunken young generation. BENCH_GATEWAY_NODE_ARGS weighs a V8
 * option (`--min-semi-space-size=1 --memory-reducer` undoes the gateway's own, see
 * core/runtime/v8-options.ts). Traffic goes only to 127.0.0.1.
 */
import { createContext } from "./context.js";
import { GC_TRACE_FLAG } from "./gc-trace.js";
import { openLoop } from "./open-loop.js";
import { HAS_TASKSET, pinSelf, startFakeUpstream } from "./processes.js";
import {
  evaluateBody,
  evaluateFloorBody,
  evaluateSeed,
} from "./scenarios/evaluate.js";
pinSelf(1);
const upstream = await startFakeUpstream(HAS_TASKSET ? 1 : undefined);
const ctx = createContext(
  {
    rate: 200,
    durationMs: 5000,
    repeats: 1,
    soakMs: 0,
    gatewayCore: HAS_TASKSET ? 0 : undefined,
  },
  upstream.url,
);
const gw = await ctx.gateway(evaluateSeed, ["guardrail"], [GC_TRACE_FLAG]);
const headers = {
  "content-type": "application/json",
  authorization: `Bearer ${gw.collectorKey}`,
};
const url = `${gw.urls.guardrail}/v1/evaluate`;
try {
  await openLoop({
    url,
    headers,
    body: evaluateBody(),
    rate: 100,
    durationMs: 30000,
  });
  /** A part's collections: the major ones by kind, then the number of scavenges. */
  const desc = (list: Record<string, string>[]) =>
    list
      .filter((g) => g.gc !== "s")
      .map((g) => `${g.gc}:r${g.reduce_memory}:${g.pause}`)
      .join(",") + ` s=${list.filter((g) => g.gc === "s").length}`;
  for (const rate of [20, 100, 200]) {
    await openLoop({
      url,
      headers,
      body: evaluateBody(),
      rate,
      durationMs: 2000,
    });
    for (let i = 0; i < 3; i++) {
      const before = gw.gcTrace().length;
      const f = await openLoop({
        url,
        headers,
        body: evaluateFloorBody(),
        rate,
        durationMs: 5000,
      });
      const mid = gw.gcTrace().length;
      const p = await openLoop({
        url,
        headers,
        body: evaluateBody(),
        rate,
        durationMs: 5000,
      });
      const gcs = gw.gcTrace();
      console.log(
        JSON.stringify({
          rate,
          floor_p99: f.p99.toFixed(2),
          prompt_p50: p.p50.toFixed(2),
          prompt_p99: p.p99.toFixed(2),
          max: p.max.toFixed(1),
          floor_gcs: desc(gcs.slice(before, mid)),
          prompt_gcs: desc(gcs.slice(mid)),
        }),
      );
    }
  }
} finally {
  await gw.stop();
  await upstream.stop();
}
