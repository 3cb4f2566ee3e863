/**
 * The full policy chain on a proxied request: key auth, request size limit, rate limit, token
 * budget, and an input guardrail evaluated by the co-located guardrail service, against the
 * direct path.
 */
import { prompt } from '../bodies.js';
import { compare } from '../compare.js';
import type { BenchContext, ScenarioResult } from '../context.js';
import type { SeedOptions } from '../seed-config.js';

const json = { 'content-type': 'application/json' };
const round = (x: number | undefined, digits = 2) => (x === undefined ? undefined : Number(x.toFixed(digits)));

/** The chain's configuration, shared with `bench/profile.ts`. */
export const chainSeed: Omit<SeedOptions, 'dataDir' | 'masterKey' | 'upstreamUrl'> = {
  consumers: 10,
  guardrailRules: [
    { detector: 'prompt_guard', direction: 'input', action: 'block' },
    { detector: 'topic_keyword_moderation', direction: 'input', action: 'block', settings: { keywords: ['project-x'] } },
  ],
  chain: [
    { type: 'request_size_limiter', settings: { max_bytes: 1_048_576, max_characters: 200_000 } },
    { type: 'rate_limiter', settings: { limits: [{ requests: 10_000_000, window: 'minute' }] } },
    { type: 'token_rate_limiter', settings: { limits: [{ amount: 1_000_000_000, window: 'day' }] } },
    { type: 'guardrails', settings: { directions: ['input'], timeout_ms: 3000 } },
  ],
};
export const CHAIN_PLANES = ['proxy', 'guardrail'];
/** A realistic small prompt: a few hundred bytes. */
export const chainBody = () => JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt(400) }] });

export async function policyChain(ctx: BenchContext): Promise<ScenarioResult> {
  const gw = await ctx.gateway(chainSeed, CHAIN_PLANES);
  const body = chainBody();
  try {
    const c = await compare(
      { url: `${ctx.upstreamUrl}/v1/chat/completions`, body, headers: json },
      { url: `${gw.urls.proxy}/${gw.slug}/v1/chat/completions`, body, headers: { ...json, authorization: `Bearer ${gw.key}` } },
      { rate: ctx.settings.rate, durationMs: ctx.settings.durationMs, repeats: ctx.settings.repeats, saturation: true },
    );
    return {
      scenario: 'full policy chain (key auth, size, rate, budget, input guardrail)',
      rows: [
        {
          direct_p50_ms: round(c.direct.latency.p50),
          gateway_p50_ms: round(c.gateway.latency.p50),
          added_p50_ms: round(c.addedP50),
          added_p99_ms: round(c.addedP99),
          gateway_rps: round(c.gateway.saturation?.rps, 0),
          rps_ratio: round(c.rpsRatio, 3),
          errors: c.errors,
        },
      ],
    };
  } finally {
    await gw.stop();
  }
}
