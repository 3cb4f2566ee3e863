/** Overhead as configured consumers grow, and memory with many consumers and policies. */
import { openaiChat } from '../bodies.js';
import { errorsOf, interleave, medianLatency, type Target } from '../compare.js';
import type { BenchContext, RunningGateway, ScenarioResult } from '../context.js';
import { GC_TRACE_FLAG, liveAfterMajorGcs } from '../gc-trace.js';
import { openLoop } from '../open-loop.js';

const json = { 'content-type': 'application/json' };
const round = (x: number, digits = 2) => Number(x.toFixed(digits));

/**
 * One gateway per consumer count, all three running side by side on the gateway core and taking
 * turns with the direct path sample by sample: one after the other, the machine's drift over a
 * run (±0.1 ms at p50, more than the 10% being measured) fell on one count more than another.
 * Their order turns from one repeat to the next (with the default three repeats each comes
 * right after the direct path once): in a fixed order the first came after an idle core every time.
 */
export async function consumerScaling(ctx: BenchContext): Promise<ScenarioResult> {
  const counts = [10, 1_000, 10_000];
  const gateways: RunningGateway[] = [];
  try {
    for (const consumers of counts) gateways.push(await ctx.gateway({ consumers }));
    const direct: Target = { url: `${ctx.upstreamUrl}/v1/chat/completions`, body: openaiChat(), headers: json };
    const proxied = gateways.map((gw) => ({ url: `${gw.urls.proxy}/${gw.slug}/v1/chat/completions`, body: openaiChat(), headers: { ...json, authorization: `Bearer ${gw.key}` } }));
    const runs = await interleave([direct, ...proxied], { rate: ctx.settings.rate, durationMs: ctx.settings.durationMs, repeats: ctx.settings.repeats, rotate: true });
    const [d, ...g] = runs.latency.map(medianLatency);
    return {
      scenario: 'consumer scaling',
      rows: counts.map((consumers, k) => ({
        consumers,
        added_p50_ms: round(g[k].p50 - d.p50),
        added_p99_ms: round(g[k].p99 - d.p99),
        gateway_rss_mib: round(gateways[k].rssMiB(), 1),
        errors: errorsOf(runs, 0) + errorsOf(runs, k + 1),
      })),
      notes: ['the three gateways run side by side and take turns with the direct path, sample by sample, in an order that turns each repeat'],
    };
  } finally {
    for (const gw of gateways) await gw.stop();
  }
}

/** RSS at idle and under a sustained load with `consumers` consumers and `policies` policies. */
export async function memory(ctx: BenchContext, policyType: string | undefined): Promise<ScenarioResult> {
  const consumers = 1_000;
  const policies = policyType ? 1_000 : 0;
  const gw = await ctx.gateway(
    {
      consumers,
      spreadPolicies: policyType ? { count: policies, policy: { type: policyType, settings: { max_bytes: 1_000_000 } } } : undefined,
    },
    undefined,
    [GC_TRACE_FLAG],
  );
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const idle = gw.rssMiB();
    const collectionsBefore = gw.gcTrace().length;
    const samples: number[] = [];
    const load = openLoop({
      url: `${gw.urls.proxy}/${gw.slug}/v1/chat/completions`,
      body: openaiChat(),
      headers: { ...json, authorization: `Bearer ${gw.key}` },
      rate: ctx.settings.rate,
      durationMs: ctx.settings.soakMs,
    });
    const sampler = setInterval(() => samples.push(gw.rssMiB()), Math.max(500, ctx.settings.soakMs / 20));
    const result = await load;
    clearInterval(sampler);
    // Mean resident memory of each quarter of the soak. The playground trace buffer fills during
    // the first minutes (bounded: 20,000 traces), so growth is judged on the later quarters.
    const quarter = Math.max(1, Math.floor(samples.length / 4));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const quarters = [0, 1, 2, 3].map((q) => round(mean(samples.slice(q * quarter, q === 3 ? undefined : (q + 1) * quarter)), 1));
    // Resident memory also counts garbage not yet collected; what the heap holds after each major
    // collection of the soak is what the process keeps, so growth there would be a leak.
    const live = liveAfterMajorGcs(gw.gcTrace().slice(collectionsBefore)).map((bytes) => round(bytes / 2 ** 20, 1));
    return {
      scenario: 'memory',
      rows: [{ consumers, policies, idle_rss_mib: round(idle, 1), rss_quarters_mib: quarters.join(' / '), live_heap_after_major_gcs_mib: live.length ? live.join(' / ') : 'none', soak_s: ctx.settings.soakMs / 1000, requests: result.sent, errors: result.errors }],
      notes: policyType ? undefined : ['no policy plugin was available to configure the 1,000 policies'],
    };
  } finally {
    await gw.stop();
  }
}
