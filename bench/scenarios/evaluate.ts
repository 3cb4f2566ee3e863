/** `POST /v1/evaluate` on a 4 KB prompt with every detector enabled, at a fixed rate. */
import { prompt } from '../bodies.js';
import type { BenchContext, ScenarioResult } from '../context.js';
import { openLoop } from '../open-loop.js';

const DETECTORS = [
  { detector: 'prompt_guard', direction: 'input', action: 'block' },
  { detector: 'toxicity', direction: 'input', action: 'block' },
  { detector: 'topic_keyword_moderation', direction: 'input', action: 'block', settings: { keywords: ['project-x'], denied_topics: ['medical advice'] } },
  { detector: 'url_analyzer', direction: 'input', action: 'monitor' },
  { detector: 'doc_analyzer', direction: 'input', action: 'monitor' },
  { detector: 'data_loss_prevention', direction: 'input', action: 'transform' },
  { detector: 'indirect_prompt_injection', direction: 'input', action: 'block' },
] as const;

const round = (x: number) => Number(x.toFixed(2));

export async function evaluate(ctx: BenchContext): Promise<ScenarioResult> {
  const gw = await ctx.gateway({ consumers: 1, guardrailRules: DETECTORS.map((d) => ({ ...d })) }, ['guardrail']);
  const text = prompt(4096);
  const body = JSON.stringify({
    protocol: 'llm',
    direction: 'input',
    payload: { messages: [{ role: 'user', content: text }, { role: 'tool', tool_call_id: 'call_1', content: prompt(512) }] },
  });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${gw.collectorKey}` };
  try {
    const rate = Math.min(ctx.settings.rate, 100);
    await openLoop({ url: `${gw.urls.guardrail}/v1/evaluate`, body, headers, rate, durationMs: 2000 });
    const r = await openLoop({ url: `${gw.urls.guardrail}/v1/evaluate`, body, headers, rate, durationMs: ctx.settings.durationMs * ctx.settings.repeats });
    return {
      scenario: 'evaluate (4 KB prompt, every detector)',
      rows: [{ rate_rps: rate, requests: r.sent, p50_ms: round(r.p50), p90_ms: round(r.p90), p99_ms: round(r.p99), errors: r.errors }],
    };
  } finally {
    await gw.stop();
  }
}
