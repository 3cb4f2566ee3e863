/**
 * `npx tsx tools/bench/gc-survival.ts`: what the policy chain costs the garbage collector per request.
 * Runs the chain scenario's gateway under V8's GC trace (`--trace-gc-nvp`) at a fixed 200 req/s
 * (SCENARIO=evaluate: the evaluate scenario's 4 KB prompt at 100 req/s instead, its dataset
 * prompts with EVALUATE_TEXT=dataset) and prints, per
 * request, the bytes allocated and the bytes that survived a young-generation
 * collection (copied, then promoted): allocation sets how often scavenges come, survivors how
 * long each takes, and a scavenge that lands on a request is its tail latency.
 *
 * KEEP=a,b keeps only those policy types of the chain; RULES=a,b only those guardrail detectors
 * (`none` for neither), so a part's cost is the difference between two runs. RATE sets the
 * request rate and WINDOWS the number of 10- or 20-second windows (each printed on its own line).
 * Scavenges while a major collection is marking promote more than usual: the `major_gcs` count
 * says whether one fell in the window. Traffic goes only to 127.0.0.1.
 */
import { saturate } from '../../bench/closed-loop.js';
import { createContext } from '../../bench/context.js';
import { GC_TRACE_FLAG } from '../../bench/gc-trace.js';
import { openLoop } from '../../bench/open-loop.js';
import { HAS_TASKSET, pinSelf, startFakeUpstream } from '../../bench/processes.js';
import { evaluateBodiesFromEnv, evaluateSeed } from '../../bench/scenarios/evaluate.js';
import { CHAIN_PLANES, chainBody, chainSeed } from '../../bench/scenarios/policy-chain.js';

const EVALUATE = process.env.SCENARIO === 'evaluate';
const RATE = Number(process.env.RATE ?? (EVALUATE ? 100 : 200));
const REQUESTS_PER_WINDOW = EVALUATE ? 1000 : 2000;
const WINDOWS = Number(process.env.WINDOWS ?? 3);

const only = (name: string) => process.env[name]?.split(',');
const keep = only('KEEP');
const rules = only('RULES');
const base = EVALUATE ? evaluateSeed : chainSeed;
const seed = {
  ...base,
  chain: keep ? chainSeed.chain!.filter((p) => keep.includes(p.type)) : chainSeed.chain,
  guardrailRules: rules ? base.guardrailRules!.filter((r) => rules.includes(r.detector)) : base.guardrailRules,
};

async function main() {
  pinSelf(1);
  const upstream = await startFakeUpstream(HAS_TASKSET ? 1 : undefined);
  const ctx = createContext({ rate: RATE, durationMs: 5000, repeats: 1, soakMs: 0, gatewayCore: HAS_TASKSET ? 0 : undefined }, upstream.url);
  const gw = await ctx.gateway(EVALUATE ? { ...seed, chain: [] } : seed, EVALUATE ? ['guardrail'] : CHAIN_PLANES, [GC_TRACE_FLAG]);
  try {
    const target = EVALUATE
      ? { url: `${gw.urls.guardrail}/v1/evaluate`, body: evaluateBodiesFromEnv(), headers: { 'content-type': 'application/json', authorization: `Bearer ${gw.collectorKey}` } }
      : { url: `${gw.urls.proxy}/${gw.slug}/v1/chat/completions`, body: chainBody(), headers: { 'content-type': 'application/json', authorization: `Bearer ${gw.key}` } };
    await saturate(target.url, target.body, target.headers, 2);
    await openLoop({ ...target, rate: RATE, durationMs: 3000 });
    const before = gw.gcTrace().length;
    const windows = [];
    for (let i = 0; i < WINDOWS; i++) {
      const tracedBefore = gw.gcTrace().length;
      const window = await openLoop({ ...target, rate: RATE, durationMs: (REQUESTS_PER_WINDOW / RATE) * 1000 });
      windows.push(window);
      // Per window, so a trend over the run (V8 still optimizing, the young generation resized) shows.
      const gcs = gw.gcTrace().slice(tracedBefore);
      console.log(
        JSON.stringify({ window: i, p50_ms: Number(window.p50.toFixed(2)), p99_ms: Number(window.p99.toFixed(2)), scavenges: gcs.filter((gc) => gc.gc === 's').length, major_gcs: gcs.filter((gc) => gc.gc === 'mc').length }),
      );
    }
    const gcs = gw.gcTrace().slice(before);
    const scavenges = gcs.filter((gc) => gc.gc === 's');
    const perRequest = (field: string) => Math.round(scavenges.reduce((sum, gc) => sum + Number(gc[field]), 0) / (WINDOWS * REQUESTS_PER_WINDOW));
    console.log(
      JSON.stringify({
        scenario: EVALUATE ? 'evaluate' : 'chain',
        keep: keep ?? 'all',
        rules: rules ?? 'all',
        requests: WINDOWS * REQUESTS_PER_WINDOW,
        p99_ms: windows.map((w) => Number(w.p99.toFixed(2))),
        scavenges: scavenges.length,
        major_gcs: gcs.filter((gc) => gc.gc === 'mc').length,
        allocated_bytes_per_request: perRequest('allocated'),
        survived_bytes_per_request: perRequest('new_space_survived'),
        promoted_bytes_per_request: perRequest('promoted'),
        scavenge_pause_ms: Number((scavenges.reduce((sum, gc) => sum + Number(gc.pause), 0) / scavenges.length).toFixed(2)),
      }),
    );
  } finally {
    await gw.stop();
    await upstream.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
