/** `POST /v1/evaluate` on a 4 KB prompt with every detector enabled, at a fixed rate. */
import { SEGMENT_MEMO_ENTRIES } from '../../core/guardrail/segment-memo.js';
import { prompt } from '../bodies.js';
import type { BenchContext, ScenarioResult } from '../context.js';
import { medianLatency } from '../compare.js';
import { openLoop, type LatencyResult } from '../open-loop.js';
import { datasetPrompts } from '../detectors.js';

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

/** An evaluate request of a user prompt and a tool result. */
const evaluateBodyOf = (user: string, tool: string) =>
  JSON.stringify({
    protocol: 'llm',
    direction: 'input',
    payload: { messages: [{ role: 'user', content: user }, { role: 'tool', tool_call_id: 'call_1', content: tool }] },
  });
/**
 * Distinct requests of each kind, taken in turn: more than the detectors remember (two texts a
 * request, SEGMENT_MEMO_ENTRIES texts), so each evaluation reads its texts and none is answered
 * from what a detector made of it before. A repeated prompt would measure the memo, not the work.
 */
const BODIES = 2 * SEGMENT_MEMO_ENTRIES;
const numbered = (i: number, text: string) => `Request ${i}. ${text}`.slice(0, text.length);
/** BODIES requests of a 4 KB prompt and a 512-byte tool result (the business sentences, repeated), each opening with its own number. */
export const evaluateBodies = () => Array.from({ length: BODIES }, (_, i) => evaluateBodyOf(numbered(i, prompt(4096)), numbered(i, prompt(512))));
/** BODIES requests, each a different 4 KB prompt and tool result cut from the shared datasets' texts. */
export const evaluateDatasetBodies = () => datasetPrompts(BODIES).map(({ user, tool }) => evaluateBodyOf(user, tool));
export const evaluateSeed = { consumers: 1, guardrailRules: DETECTORS.map((d) => ({ ...d })) };
/** The same request path with a one-word input: what HTTP, the service and this machine cost at that rate. */
export const evaluateFloorBody = () => JSON.stringify({ protocol: 'llm', direction: 'input', payload: { input: 'Hello' } });

export async function evaluate(ctx: BenchContext): Promise<ScenarioResult> {
  const gw = await ctx.gateway(evaluateSeed, ['guardrail']);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${gw.collectorKey}` };
  const url = `${gw.urls.guardrail}/v1/evaluate`;
  const prompt = { url, headers, body: evaluateBodies() };
  // The floor: a one-word input on the same path at the same rate, i.e. what HTTP, the service
  // and this machine cost there (at a light rate this machine's idle cores wake slowly and run
  // colder, and that cost is in both).
  const floor = { url, headers, body: evaluateFloorBody() };
  // The same prompt every time flatters the detectors (six sentences repeated: few distinct words
  // and n-grams, all cached after the first request); real prompts differ from one to the next.
  const dataset = { url, headers, body: evaluateDatasetBodies() };
  const warmUpMs = Number(process.env.BENCH_EVALUATE_WARMUP_S ?? 30) * 1000;
  try {
    // V8 keeps optimizing the per-request code (HTTP, the service, the detectors) for the first
    // few thousand evaluations, on the gateway's one core; the rows measure a gateway past that.
    await openLoop({ ...prompt, rate: 100, durationMs: warmUpMs / 2 });
    await openLoop({ ...dataset, rate: 100, durationMs: warmUpMs / 2 });
    const rows = [];
    // 20 req/s shows one evaluation on a mostly idle core; at 100 and 200 req/s (the other
    // scenarios' rate) the business prompt keeps the core 25% and 50% busy and dataset prompts
    // about 40% and 80%, and queueing behind other evaluations shows.
    for (const [text, target, rate] of [
      ['business', prompt, 20], ['business', prompt, 100], ['business', prompt, 200],
      ['dataset', dataset, 20], ['dataset', dataset, 100], ['dataset', dataset, 200],
    ] as const) {
      await openLoop({ ...target, rate, durationMs: 2000 });
      // Interleaved and repeated, medians reported, as compare() does for the other scenarios.
      const runs = { prompt: [] as LatencyResult[], floor: [] as LatencyResult[] };
      for (let i = 0; i < ctx.settings.repeats; i++) {
        runs.floor.push(await openLoop({ ...floor, rate, durationMs: ctx.settings.durationMs }));
        runs.prompt.push(await openLoop({ ...target, rate, durationMs: ctx.settings.durationMs }));
      }
      const r = medianLatency(runs.prompt);
      const f = medianLatency(runs.floor);
      rows.push({
        prompt: text,
        rate_rps: rate,
        requests: runs.prompt.reduce((sum, run) => sum + run.sent, 0),
        p50_ms: round(r.p50),
        p90_ms: round(r.p90),
        p99_ms: round(r.p99),
        p99_runs_ms: runs.prompt.map((run) => round(run.p99)).join(' / '),
        floor_p50_ms: round(f.p50),
        floor_p99_ms: round(f.p99),
        errors: [...runs.prompt, ...runs.floor].reduce((sum, run) => sum + run.errors, 0),
      });
    }
    return { scenario: 'evaluate (4 KB prompt, every detector)', rows, notes: [
        "p*_ms: medians over the repeats; p99_runs_ms: each repeat's p99",
        `prompt: business, the same six sentences repeated, each request opening with its own number; dataset, ${BODIES} different prompts and tool results cut from the shared datasets; each kind taken in turn, never repeated within what the detectors remember`,
      ] };
  } finally {
    await gw.stop();
  }
}
