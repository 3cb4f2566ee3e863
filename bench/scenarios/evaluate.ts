/** `POST /v1/evaluate` on a 4 KB prompt with every detector enabled, at a fixed rate. */
import { prompt } from '../bodies.js';
import type { BenchContext, ScenarioResult } from '../context.js';
import { openLoop } from '../open-loop.js';

/** Every detector on the input (shared with `bench/profile.ts`). */
export const DETECTORS = [
  { detector: 'prompt_guard', direction: 'input', action: 'block' },
  { detector: 'toxicity', direction: 'input', action: 'block' },
  { detector: 'topic_keyword_moderation', direction: 'input', action: 'block', settings: { keywords: ['project-x'], denied_topics: ['medical advice'] } },
  { detector: 'url_analyzer', direction: 'input', action: 'monitor' },
  { detector: 'doc_analyzer', direction: 'input', action: 'monitor' },
  { detector: 'data_loss_prevention', direction: 'input', action: 'transform' },
  { detector: 'indirect_prompt_injection', direction: 'input', action: 'block' },
] as const;

const round = (x: number) => Number(x.toFixed(2));

/** A 4 KB prompt and a 512-byte tool result to evaluate. */
export const evaluateBody = () =>
  JSON.stringify({
    protocol: 'llm',
    direction: 'input',
    payload: { messages: [{ role: 'user', content: prompt(4096) }, { role: 'tool', tool_call_id: 'call_1', content: prompt(512) }] },
  });
export const evaluateSeed = { consumers: 1, guardrailRules: DETECTORS.map((d) => ({ ...d })) };
/** The same request path with a one-word input: what HTTP, the service and this machine cost at that rate. */
export const evaluateFloorBody = () => JSON.stringify({ protocol: 'llm', direction: 'input', payload: { input: 'Hello' } });

export async function evaluate(ctx: BenchContext): Promise<ScenarioResult> {
  const gw = await ctx.gateway(evaluateSeed, ['guardrail']);
  const body = evaluateBody();
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${gw.collectorKey}` };
  try {
    // A light rate shows the latency of one evaluation; 100 req/s loads the one gateway core
    // to about 30%, where queueing behind other evaluations shows in the tail. The floor (a
    // one-word input on the same path, same rate) is what the 4 KB prompt is compared with:
    // at a light rate this machine's idle cores wake slowly, and that cost is in both.
    const url = `${gw.urls.guardrail}/v1/evaluate`;
    const rows = [];
    for (const rate of [20, Math.min(ctx.settings.rate, 100)]) {
      await openLoop({ url, body, headers, rate, durationMs: 2000 });
      const floor = await openLoop({ url, body: evaluateFloorBody(), headers, rate, durationMs: ctx.settings.durationMs });
      const r = await openLoop({ url, body, headers, rate, durationMs: ctx.settings.durationMs * ctx.settings.repeats });
      rows.push({
        rate_rps: rate,
        requests: r.sent,
        p50_ms: round(r.p50),
        p90_ms: round(r.p90),
        p99_ms: round(r.p99),
        floor_p50_ms: round(floor.p50),
        floor_p99_ms: round(floor.p99),
        errors: r.errors + floor.errors,
      });
    }
    return { scenario: 'evaluate (4 KB prompt, every detector)', rows };
  } finally {
    await gw.stop();
  }
}
