/**
 * The full policy chain on a proxied request (key auth, request size limit, rate limit, token
 * budget, and input guardrails with prompt_guard and data_loss_prevention evaluated by the
 * co-located guardrail service) on never-repeating prompts, against pass-through (the same
 * gateway build with no policy) and the direct path, all in the same run: added latency at the
 * run's rate and saturation requests per second as a share of pass-through's, on one core.
 */
import { prompt } from '../bodies.js';
import type { BodySupplier } from '../body-cycle.js';
import { errorsOf, interleave, medianLatency } from '../compare.js';
import type { BenchContext, ScenarioResult } from '../context.js';
import type { FreshPrompts } from '../fresh-prompts.js';
import { formatPercent } from '../ratio.js';
import type { SeedOptions } from '../seed-config.js';

const json = { 'content-type': 'application/json' };
const round = (x: number | undefined, digits = 2) => (x === undefined || Number.isNaN(x) ? undefined : Number(x.toFixed(digits)));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The chain's configuration, shared with `bench/profile.ts`. */
export const chainSeed: Omit<SeedOptions, 'dataDir' | 'masterKey' | 'upstreamUrl'> = {
  consumers: 10,
  guardrailRules: [
    { detector: 'prompt_guard', direction: 'input', action: 'monitor' },
    { detector: 'data_loss_prevention', direction: 'input', action: 'monitor' },
  ],
  chain: [
    { type: 'request_size_limiter', settings: { max_bytes: 1_048_576, max_characters: 200_000 } },
    { type: 'rate_limiter', settings: { limits: [{ requests: 10_000_000, window: 'minute' }] } },
    { type: 'token_rate_limiter', settings: { limits: [{ amount: 1_000_000_000, window: 'day' }] } },
    { type: 'guardrails', settings: { directions: ['input'], timeout_ms: 3000 } },
  ],
};
export const CHAIN_PLANES = ['proxy', 'guardrail'];
/** A realistic small prompt, the same every request: a few hundred bytes (the profiler's chain body). */
export const chainBody = () => JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt(400) }] });
/** Chat requests whose user message is each a new 4 KB prompt. */
export const freshChatBodies = (prompts: FreshPrompts): BodySupplier => ({
  take: () => JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompts.next().user }] }),
});

export async function policyChain(ctx: BenchContext): Promise<ScenarioResult> {
  const started: Array<{ stop(): Promise<void> }> = [];
  try {
    const passthrough = await ctx.gateway({ consumers: 10 });
    started.push(passthrough);
    const chain = await ctx.gateway(chainSeed, CHAIN_PLANES);
    started.push(chain);
    const body = freshChatBodies(ctx.prompts);
    const proxied = (gw: typeof chain) => ({ url: `${gw.urls.proxy}/${gw.slug}/v1/chat/completions`, body, headers: { ...json, authorization: `Bearer ${gw.key}` } });
    const runs = await interleave([{ url: `${ctx.upstreamUrl}/v1/chat/completions`, body, headers: json }, proxied(passthrough), proxied(chain)], {
      rate: ctx.settings.rate, durationMs: ctx.settings.durationMs, repeats: ctx.settings.repeats, saturation: true, rotate: true,
    });
    const [d, p, c] = runs.latency.map(medianLatency);
    const [dRps, pRps, cRps] = runs.saturation.map((samples) => median(samples.map((s) => s.rps)));
    const addedP50 = c.p50 - p.p50;
    const addedP99 = c.p99 - p.p99;
    return {
      scenario: 'full policy chain on never-repeating 4 KB prompts (key auth, size, rate, budget, input guardrails: prompt_guard, data_loss_prevention)',
      rows: [
        { path: 'fake upstream, direct', p50_ms: round(d.p50), p99_ms: round(d.p99), rps: round(dRps, 0), errors: errorsOf(runs, 0) },
        { path: 'pass-through (no policy)', p50_ms: round(p.p50), p99_ms: round(p.p99), added_vs_direct_p50_ms: round(p.p50 - d.p50), added_vs_direct_p99_ms: round(p.p99 - d.p99), rps: round(pRps, 0), errors: errorsOf(runs, 1) },
        {
          path: 'full chain',
          p50_ms: round(c.p50), p99_ms: round(c.p99),
          added_vs_direct_p50_ms: round(c.p50 - d.p50), added_vs_direct_p99_ms: round(c.p99 - d.p99),
          added_vs_passthrough_p50_ms: round(addedP50), added_vs_passthrough_p99_ms: round(addedP99),
          rps: round(cRps, 0), rps_vs_passthrough: formatPercent(cRps, pRps), errors: errorsOf(runs, 2),
        },
      ],
      notes: [
        `open loop at ${ctx.settings.rate} req/s (p*), closed-loop saturation (rps), each gateway on the gateway core; ${ctx.settings.repeats} repeats, the three paths taking turns sample by sample; medians`,
        'every request a new 4 KB user prompt from the run\'s never-repeating source (the same source for all three paths, so none sees a prompt twice); prompt_guard and data_loss_prevention monitor (they find, they do not block or rewrite: some dataset prompts are attacks), so every path forwards the same body',
      ],
      figures: { chainAddedP50: addedP50, chainAddedP99: addedP99, chainRps: cRps, passthroughRps: pRps },
    };
  } finally {
    await Promise.all(started.map((g) => g.stop()));
  }
}
